/**
 * The nodes and the sandbox state the API separately (nodes: transport/chosenNames.ts, shared/apiValues.ts and the
 * trigger's signature.ts; sandbox: sandbox/api/names.js, sandbox/api/values.js, sandbox/signature.js). Where the
 * reference leaves a name unshown they must have made the same choice, and the documented values must be the same
 * copy of the reference: this file compares the two statements, so a change on one side fails here by name.
 */
import * as nodeNames from '../nodes/PaymentPlatform/transport/chosenNames';
import * as nodeValues from '../nodes/PaymentPlatform/shared/apiValues';
import { characterCount, InputValidator } from '../nodes/PaymentPlatform/shared/validate';
import { convertValues } from '../nodes/PaymentPlatform/shared/fieldRules';
import { computeSignature, verifySignature } from '../nodes/PaymentPlatformTrigger/signature';
import * as sandboxNames from '../sandbox/api/names';
import * as sandboxValues from '../sandbox/api/values';
import { charLength, text } from '../sandbox/api/rules';
import { signatureHeaderValue as sandboxSignature } from '../sandbox/signature';
import type { INode } from 'n8n-workflow';

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
		['WITHDRAWALS_PATH', 'withdrawal creation path (README example)'],
		['WEBHOOK_DELIVERY_HEADERS', 'delivery headers: signature, event, delivery id'],
		['SIGNATURE_PREFIX', 'signature value prefix'],
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

	it('legal representatives path (README example)', () => {
		const id = '20000000-0000-4000-8000-000000000003';
		expect(sandboxNames.LEGAL_REPRESENTATIVES_PATH(id)).toBe(
			nodeNames.legalRepresentativesPath(id),
		);
	});

	it('the sandbox signs a delivery the way the trigger verifies it (and both sign alike)', () => {
		const secret = 'whsec_agreement';
		const body = Buffer.from('{"id":"d","event":"charge.captured","charge":{"id":"c"}}', 'utf8');
		expect(sandboxSignature(secret, body)).toBe(
			`${nodeNames.SIGNATURE_PREFIX}${computeSignature(secret, body)}`,
		);
		expect(verifySignature(secret, body, sandboxSignature(secret, body))).toBe(true);
		expect(verifySignature('whsec_other', body, sandboxSignature(secret, body))).toBe(false);
	});
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
		expect(characterCount(value)).toBe(count);
		expect(charLength(value)).toBe(count);
		expect(nodeAccepts(value, { exact: count })).toBe(true);
		expect(sandboxAccepts(value, { exact: count })).toBe(true);
		expect(nodeAccepts(value, { max: count - 1 })).toBe(false);
		expect(sandboxAccepts(value, { max: count - 1 })).toBe(false);
	});
});
