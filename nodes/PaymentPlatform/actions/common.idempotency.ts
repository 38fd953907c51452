import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/chosenNames';
import { InputValidator } from '../fields/fieldRules';
import { prepareWrite } from './common.requests';
import type { PreparedWrite } from './node.type';

/**
 * Two items of one run with the same key and different requests: the platform would answer the second with the
 * first's record, and the second order would never be created. Thrown before anything is sent.
 */
export function refuseSharedKeys(this: IExecuteFunctions, prepared: unknown[]): void {
	const first = new Map<string, { index: number; request?: string }>();
	prepared.forEach((write, index) => {
		const { idempotencyKey: key, request } = (write ?? {}) as Partial<PreparedWrite>;
		if (key === undefined) return;
		const seen = first.get(key);
		if (!seen) {
			first.set(key, { index, request });
			return;
		}
		if (seen.request === request) return;
		throw new NodeOperationError(
			this.getNode(),
			`Idempotency Key "${key}" is given to items ${seen.index} and ${index}, with different requests [item ${index}]`,
			{
				itemIndex: index,
				description: `The platform answers a repeated key with its first result, so item ${index} would get item ${seen.index}'s record and never be created. Give each order its own key (e.g. {{ $json.order_id }}). Nothing was sent to the API.`,
			},
		);
	});
}

const KEY_FIELD = 'Idempotency Key';

/** camelCase: the node's field, not one of the API's. */
const SENT_KEY_FIELD = 'idempotencyKey';

export const idempotencyKeyProperty: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: "e.g. {{ 'order-' + $json.order_id }}",
	description: `Sent in the ${IDEMPOTENCY_KEY_HEADER} header so that the same request sent twice creates one record. Setting a key says that your platform honours it: the node then sends a create whose answer was lost (network error, timeout, 502, 503, 504) again, with the same key (the credential's Resend Keyed Writes turns this off). Use a value that stays the same on every retry of the same intent: the trigger's event ID, an order ID. Never a random value or a timestamp. Needed while the node's Retry On Fail setting is on.`,
	hint: 'Empty: no header, and the node never sends the create twice',
	builderHint: {
		propertyHint:
			"An expression that is the same on every retry of the same intent, e.g. expr('{{ $json.id }}') for the trigger's event id, or an order id; never random, never $now",
	},
};

/** What JavaScript writes for a missing value inside a text it builds ('order-' + undefined). */
const MISSING_WORDS = ['undefined', 'null', 'NaN'];

const countWord = (text: string, word: string) =>
	(text.match(new RegExp(`(?<![A-Za-z0-9])${word}(?![A-Za-z0-9])`, 'g')) ?? []).length;

const MISSING_HINT =
	'A key built from a missing value would be the same for every order that lacks it, and the platform answers a repeated key with its first result. Check that the column the expression reads exists on every item, or leave the Idempotency Key empty.';

/**
 * A key an expression built from a missing value is refused. n8n writes a `{{ }}` whose value is undefined or null as
 * nothing ("order-{{ $json.id }}" → "order-"), and JavaScript writes it as a word inside the expression
 * ('order-' + undefined → "order-undefined"). So: an expression whose key is empty, one of whose `{{ }}` parts is
 * undefined, null or "", or whose key holds "undefined", "null" or "NaN" more often than the typed text around the
 * `{{ }}` parts does.
 */
function refuseMissingValues(
	this: IExecuteFunctions,
	i: number,
	key: string,
	refuse: (rule: string, hint?: string) => never,
): void {
	const raw = this.getNode().parameters.idempotencyKey;
	if (typeof raw !== 'string' || !raw.startsWith('=')) return;
	const expression = raw.slice(1);
	if (key === '') refuse('is empty: its expression resolved to nothing', MISSING_HINT);
	const parts = [...expression.matchAll(/\{\{([\s\S]*?)\}\}/g)].map((match) => match[1]);
	for (const part of parts) {
		const value = this.evaluateExpression(`{{${part}}}`, i) as unknown;
		if (value === undefined || value === null || (typeof value === 'string' && !value.trim())) {
			refuse(`has a part that resolved to nothing: {{${part}}}`, MISSING_HINT);
		}
	}
	const typed = expression.replace(/\{\{[\s\S]*?\}\}/g, ' ');
	const word = MISSING_WORDS.find((name) => countWord(key, name) > countWord(typed, name));
	if (word) refuse(`holds "${word}", the text of a missing value: "${key}"`, MISSING_HINT);
}

/**
 * The reference shows no such header, so only what an HTTP header cannot carry (control or non-ASCII characters) is
 * refused, and a key built from a missing value.
 */
function idempotencyKeyOf(this: IExecuteFunctions, i: number): string | undefined {
	const raw = this.getNodeParameter('idempotencyKey', i, '') as unknown;
	const refuse = (rule: string, hint?: string) =>
		new InputValidator(this.getNode(), i).fail(KEY_FIELD, rule, hint);
	if (typeof raw === 'number') return String(raw);
	if (raw !== undefined && raw !== null && typeof raw !== 'string')
		refuse('must be text or a number');
	const key = String(raw ?? '').trim();
	refuseMissingValues.call(this, i, key, refuse);
	if (!key) return undefined;
	if (!/^[\x20-\x7e]+$/.test(key))
		refuse('must be printable ASCII characters (an HTTP header cannot carry others)');
	return key;
}

interface CreatedRecord {
	noun: string;
	findWith: string;
}

/** `output` (Simplify) shapes the answer's data; the key sent is added to it. */
export async function prepareKeyedCreate(
	this: IExecuteFunctions,
	i: number,
	path: string,
	body: IDataObject,
	created: CreatedRecord,
	output: (data: IDataObject) => IDataObject = (data) => data,
): Promise<PreparedWrite> {
	const idempotencyKey = idempotencyKeyOf.call(this, i);
	// n8n's Retry On Fail runs the whole node again after an error: a create without a key would be sent again for
	// each item that went through before it.
	if (idempotencyKey === undefined && this.getNode().retryOnFail === true) {
		throw new NodeOperationError(
			this.getNode(),
			`Idempotency Key is needed while the node's Retry On Fail setting is on [item ${i}]`,
			{
				itemIndex: i,
				description: `Retry On Fail runs the whole node again after an error, so every ${created.noun} created before the error would be created again. Set an Idempotency Key that stays the same for the same intent (e.g. {{ $json.order_id }}), or turn Retry On Fail off in the node's Settings. Nothing was sent to the API.`,
			},
		);
	}
	const howToCheck = `find the ${created.noun} with ${created.findWith} before running it again (with an Idempotency Key, running it again cannot create a second one)`;
	const options = { body, itemIndex: i, idempotencyKey, howToCheck };
	const prepared = await prepareWrite.call(this, 'POST', path, options, ({ data }) => {
		const item = output(data as IDataObject);
		return idempotencyKey === undefined ? item : { ...item, [SENT_KEY_FIELD]: idempotencyKey };
	});
	return { ...prepared, request: JSON.stringify({ path, body }) };
}
