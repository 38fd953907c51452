/**
 * The nodes and the sandbox state the API separately (nodes: the chosenNames.ts and documentedValues.ts of
 * nodes/shared and of the node that alone uses a name, and the trigger's verification.ts; sandbox:
 * sandbox/api/names.js, sandbox/api/values.js, sandbox/signature.js). Where the reference leaves a name unshown they
 * must have made the same choice, and the documented values must be the same copy of the reference: this file
 * compares the two statements, so a change on one side fails here by name.
 */
import * as sharedNames from '../nodes/shared/chosenNames';
import * as triggerNames from '../nodes/PaymentPlatformTrigger/chosenNames';
import * as sharedValues from '../nodes/shared/documentedValues';
import * as actionValues from '../nodes/PaymentPlatform/documentedValues';
import { InputValidator } from '../nodes/PaymentPlatform/fields/fieldRules';
import { convertValues } from '../nodes/PaymentPlatform/fields/convertFields';
import type { FieldRule } from '../nodes/PaymentPlatform/fields/fieldRules';
import { operationRules } from './harness/registry';
import { bodySchemas, OPERATION_ROUTES } from './harness/operationRoutes';
import { ZodEffects, type ZodObject, type ZodRawShape, type ZodTypeAny } from 'zod';
import * as sandboxNames from '../sandbox/api/names';
import * as sandboxValues from '../sandbox/api/values';
import { charLength, text } from '../sandbox/api/rules';
import {
	SIGNING_SCHEMES,
	signatureHeaderValue as sandboxSignature,
	signedHeaders,
} from '../sandbox/signature';
import { verificationSettings } from '../nodes/PaymentPlatformTrigger/settings';
import {
	verifyWithSecrets,
	type SignatureScheme,
	type VerificationSettings,
} from '../nodes/PaymentPlatformTrigger/verification';
import type { INode } from 'n8n-workflow';

/** The nodes' statement, wherever each name lives (nodes/shared, or the one node that uses it). */
const nodeNames = { ...sharedNames, ...triggerNames };
const nodeValues = { ...sharedValues, ...actionValues };

/** Plain data, so that readonly tuples and frozen objects compare by value. */
const plain = (value: unknown): unknown => JSON.parse(JSON.stringify(value));

describe('names the reference leaves unshown: node and sandbox made the same choice', () => {
	it.each<[keyof typeof sandboxNames & keyof typeof nodeNames, string]>([
		['PAGINATION_QUERY', 'list query names page and perPage'],
		['SUBMERCHANT_LIST_QUERY', 'submerchant list filter'],
		['CHARGE_LIST_QUERY', 'charge list filters'],
		['WALLET_STATEMENT_QUERY', 'statement period'],
		['WITHDRAWAL_FEE_QUERY', 'fee amount'],
		['ADDRESS_TYPE_BODY_FIELD', 'address type field in the request body'],
		['WEBHOOK_ENDPOINTS_PATH', 'webhook endpoints path (list on it, delete by id below it)'],
		['PAYMENT_LINKS_PATH', 'payment links collection path (create and list)'],
		['PAYMENT_LINK_BODY', "the payment link create body: the resource's writable field names"],
		['WEBHOOK_DELIVERY_HEADERS', 'delivery headers: signature, event, delivery id'],
		['SIGNATURE_PREFIX', 'signature value prefix'],
		[
			'WEBHOOK_SIGNATURE_NAMES',
			'signature families: headers, keys, signed text layout, replay window',
		],
		['IDEMPOTENCY_KEY_HEADER', 'idempotency key header of the creates'],
	])('%s (%s)', (name) => {
		expect(plain(sandboxNames[name])).toEqual(plain(nodeNames[name]));
	});

	it("the trigger looks for the sandbox's delivery fields and headers first (WEBHOOK_PAYLOAD_NAMES)", () => {
		const looked = nodeNames.WEBHOOK_PAYLOAD_NAMES;
		const sent = sandboxNames.WEBHOOK_PAYLOAD_FIELDS;
		expect([
			looked.idKeys[0],
			looked.eventKeys[0],
			looked.chargeKeys[0],
			looked.occurredAtKeys[0],
		]).toEqual([sent.id, sent.event, sent.charge, sent.occurredAt]);
		expect([looked.eventHeaders[0], looked.idHeaders[0]]).toEqual([
			sandboxNames.WEBHOOK_DELIVERY_HEADERS.event,
			sandboxNames.WEBHOOK_DELIVERY_HEADERS.deliveryId,
		]);
	});

	it('the sandbox signs a delivery the way the trigger verifies it', () => {
		const secret = 'whsec_agreement';
		const body = Buffer.from('{"id":"d","event":"charge.captured","charge":{"id":"c"}}', 'utf8');
		const settings = verificationSettings({ signatureScheme: 'rawBody' }) as VerificationSettings;
		const headers = { 'x-signature': sandboxSignature(secret, body) };
		expect(sandboxSignature(secret, body).startsWith(nodeNames.SIGNATURE_PREFIX)).toBe(true);
		expect(verifyWithSecrets(secret, [], body, headers, settings).verified).toBe(true);
		expect(verifyWithSecrets('whsec_other', [], body, headers, settings).verified).toBe(false);
	});
});

describe('the sandbox signs in each family the way the trigger verifies it', () => {
	const secret = `whsec_${'0f'.repeat(32)}`;
	const body = Buffer.from('{"id":"d1","event":"charge.captured","charge":{"id":"c"}}', 'utf8');
	const pinned: Record<string, SignatureScheme> = {
		'raw-body': 'rawBody',
		timestamped: 'timestamped',
		'timestamp-header': 'timestampHeader',
		'standard-webhooks': 'standardWebhooks',
	};
	const settings = (scheme: SignatureScheme) =>
		verificationSettings({ signatureScheme: scheme }) as VerificationSettings;

	it.each(SIGNING_SCHEMES)(
		'%s: verified under Automatic and pinned; not under another secret',
		(scheme) => {
			const headers = signedHeaders(scheme, secret, body, 'd1');
			for (const chosen of ['automatic', pinned[scheme]] as SignatureScheme[]) {
				expect(verifyWithSecrets(secret, [], body, headers, settings(chosen))).toMatchObject({
					verified: true,
					verification: { scheme: pinned[scheme] },
				});
			}
			expect(
				verifyWithSecrets(`whsec_${'f0'.repeat(32)}`, [], body, headers, settings('automatic'))
					.verified,
			).toBe(false);
		},
	);
});

describe('values and limits of the reference: the two copies are the same', () => {
	it.each([
		'WEBHOOK_EVENTS',
		'SUBMERCHANT_STATUSES',
		'BUSINESS_TYPES',
		'ADDRESS_TYPES',
		'CHARGE_STATUSES',
		'PAYMENT_METHODS',
		'DOCUMENT_TYPES_BY_ENTITY',
		'DOCUMENT_TYPES',
		'PARTNER_DOCUMENT_PREFIX',
		'DOCUMENT_EXTENSIONS',
		'DOCUMENT_MIME_TYPES',
		'MAX_INSTALLMENTS',
		'LIMITS',
	] as const)('%s', (name) => {
		expect(plain(sandboxValues[name])).toEqual(plain(nodeValues[name]));
	});

	it('PAGE_SIZE (node: chosenNames.ts, sandbox: values.js)', () => {
		expect(plain(sandboxValues.PAGE_SIZE)).toEqual(plain(nodeNames.PAGE_SIZE));
	});

	it.each(Object.keys(nodeValues.PATTERNS))('PATTERNS.%s', (name) => {
		const key = name as keyof typeof nodeValues.PATTERNS;
		expect(String(sandboxValues.PATTERNS[key])).toBe(String(nodeValues.PATTERNS[key]));
	});

	it('the compared statements are not empty (two empty lists would agree and prove nothing)', () => {
		expect(nodeValues.CHARGE_STATUSES.length).toBeGreaterThan(0);
		expect(Object.keys(nodeValues.LIMITS.address).length).toBeGreaterThan(0);
	});
});

describe('characters are counted alike: Unicode code points on both sides', () => {
	const node = { name: 'Payment Platform' } as INode;
	const nodeAccepts = (value: string, limit: { exact?: number; max?: number }) => {
		try {
			convertValues(
				[{ parameter: 'state', field: 'state', type: 'string', length: limit }],
				{ state: value },
				new InputValidator(node, 0),
			);
			return true;
		} catch {
			return false;
		}
	};
	const sandboxAccepts = (value: string, limit: { exact?: number; max?: number }) =>
		text(limit).safeParse(value).success;

	it.each([
		['SP', 2],
		['\u{1D538}\u{1D539}', 2], // two astral letters: 2 code points, 4 UTF-16 units
		['😀', 1],
		['é', 1],
		['e\u0301', 2], // e + combining accent: 2 code points (one grapheme)
	])('%j is %d characters', (value, count) => {
		expect(charLength(value)).toBe(count);
		expect(nodeAccepts(value, { exact: count })).toBe(true);
		expect(sandboxAccepts(value, { exact: count })).toBe(true);
		expect(nodeAccepts(value, { max: count - 1 })).toBe(false);
		expect(sandboxAccepts(value, { max: count - 1 })).toBe(false);
	});
});

describe('rules the reference states: each operation’s rule table and the sandbox’s schema agree', () => {
	/** The body schema of each operation's route, as the sandbox states it (found from its case file's request). */
	const SCHEMAS = bodySchemas();
	/** Fields the sandbox knows only to refuse them (tax_id "cannot be changed after creation"). */
	const ONLY_REFUSED = new Set(['tax_id']);
	/** A conditional rule (`when`) as the field's own schema states it: optional, the condition checked elsewhere. */
	const unconditional = (rule: FieldRule): FieldRule =>
		rule.when ? { ...rule, required: false, when: undefined } : rule;
	const tables = Object.fromEntries(
		Object.entries(operationRules()).map(([name, rules]) => [name, rules.map(unconditional)]),
	);
	const node = { name: 'Payment Platform' } as INode;

	/** The object schema under zod effects (superRefine) and its field schemas. */
	const shapeOf = (schema: unknown): Record<string, ZodTypeAny> => {
		let current = schema as ZodTypeAny;
		while (current instanceof ZodEffects) current = current.innerType();
		return (current as ZodObject<ZodRawShape>).shape;
	};
	const nodeAccepts = (rule: FieldRule, value: unknown) => {
		try {
			convertValues([{ ...rule, parameter: 'value' }], { value }, new InputValidator(node, 0));
			return true;
		} catch {
			return false;
		}
	};
	/** Values in the API's own type at the edges of a row's stated rules. */
	const probesOf = (rule: FieldRule): unknown[] => {
		const probes: unknown[] = [];
		const { min, max, exact } = rule.length ?? {};
		for (const size of [exact, min, max].filter((n): n is number => n !== undefined)) {
			probes.push('a'.repeat(size), 'a'.repeat(size + 1));
			if (size > 0) probes.push('a'.repeat(size - 1));
		}
		if (rule.range?.min !== undefined) probes.push(rule.range.min, rule.range.min - 1);
		if (rule.range?.max !== undefined) probes.push(rule.range.max, rule.range.max + 1);
		if (rule.type === 'cents' || rule.type === 'integer') probes.push(10, 10.5, -10);
		if (rule.type === 'number') probes.push(0.5, -0.5);
		if (rule.pattern || rule.type === 'enum' || rule.type === 'uuid') probes.push('x y');
		if (rule.type === 'enum') probes.push(...(rule.values ?? []));
		if (rule.type === 'boolean') probes.push(true, false);
		return probes;
	};

	it('compares every operation whose rule table builds a body', () => {
		const bodyTables = Object.keys(tables).filter(
			(name) => OPERATION_ROUTES[name]?.method !== 'GET',
		);
		expect(bodyTables.length).toBeGreaterThan(5);
		expect(bodyTables.filter((name) => !(name in SCHEMAS))).toEqual([]);
	});

	it.each(Object.keys(SCHEMAS))('%s: the same fields', (operation) => {
		const tableFields = [
			...new Set((tables[operation] ?? []).map((rule) => rule.field.split('.')[0])),
		].sort();
		const schemaFields = Object.keys(shapeOf(SCHEMAS[operation]))
			.filter((field) => !ONLY_REFUSED.has(field))
			.sort();
		expect(tableFields).toEqual(schemaFields);
	});

	/** Chosen defaults the sandbox makes as well (its README lists them): a document is recorded by its type. */
	const CHOSEN_ON_BOTH_SIDES: Record<string, string[]> = { 'submerchantDocument.create': ['type'] };

	it.each(Object.keys(SCHEMAS))(
		'%s: required on both sides exactly where the reference says (a chosen default only on the node)',
		(operation) => {
			const shape = shapeOf(SCHEMAS[operation]);
			for (const rule of (tables[operation] ?? []).filter((row) => !row.field.includes('.'))) {
				const sandboxRequires = !shape[rule.field].isOptional();
				const onBoth = CHOSEN_ON_BOTH_SIDES[operation]?.includes(rule.field) ?? false;
				const stated = rule.required === true && (rule.chosen === undefined || onBoth);
				expect({ field: rule.field, required: sandboxRequires }).toEqual({
					field: rule.field,
					required: stated,
				});
			}
		},
	);

	it.each(Object.keys(SCHEMAS))('%s: the same values refused and accepted', (operation) => {
		const shape = shapeOf(SCHEMAS[operation]);
		for (const rule of (tables[operation] ?? []).filter((row) => !row.field.includes('.'))) {
			for (const value of probesOf(rule)) {
				expect({ field: rule.field, value, accepted: nodeAccepts(rule, value) }).toEqual({
					field: rule.field,
					value,
					accepted: shape[rule.field].safeParse(value).success,
				});
			}
		}
	});
});
