import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { IDEMPOTENCY_KEY_HEADER } from '../api/chosenNames';
import { apiRequest } from '../transport';
import { InputValidator } from '../shared/validate';

/** How refusals name the field (the header it fills). */
const KEY_FIELD = 'Idempotency Key';

/** The output field that says which key was sent (camelCase: the node's field, not one of the API's). */
export const SENT_KEY_FIELD = 'idempotencyKey';

/** The Idempotency Key field of the operations that create money objects (Charge, Payment Link, Anticipation). */
export const idempotencyKeyProperty: INodeProperties = {
	displayName: 'Idempotency Key',
	name: 'idempotencyKey',
	type: 'string',
	default: '',
	placeholder: "e.g. {{ 'order-' + $json.order_id }}",
	description: `Sent in the ${IDEMPOTENCY_KEY_HEADER} header so that the same request sent twice creates one record. Use a value that stays the same on every retry of the same intent: the trigger's event ID, an order ID. Never a random value or a timestamp. With a key, a create that got no answer (network error, timeout, 502, 503, 504) is sent again with the same key.`,
	hint: 'Empty: no header, and a create that gets no answer is never sent again',
	builderHint: {
		propertyHint:
			"An expression that is the same on every retry of the same intent, e.g. expr('{{ $json.id }}') for the trigger's event id, or an order id; never random, never $now",
	},
};

/**
 * The item's key, trimmed; undefined when empty. The reference shows no such header, so no rule of its own applies:
 * only what an HTTP header value cannot carry safely (control or non-ASCII characters) is refused, before any request.
 */
function idempotencyKeyOf(this: IExecuteFunctions, i: number): string | undefined {
	const raw = this.getNodeParameter('idempotencyKey', i, '') as unknown;
	const refuse = (rule: string) => new InputValidator(this.getNode(), i).fail(KEY_FIELD, rule);
	if (typeof raw === 'number') return String(raw);
	if (typeof raw !== 'string') refuse('must be text or a number');
	const key = (raw as string).trim();
	if (!key) return undefined;
	if (!/^[\x20-\x7e]+$/.test(key))
		refuse('must be printable ASCII characters (an HTTP header cannot carry others)');
	return key;
}

/** The output item, with the key that was sent (none: unchanged). */
function withSentKey(item: IDataObject, key: string | undefined): IDataObject {
	return key === undefined ? item : { ...item, [SENT_KEY_FIELD]: key };
}

/**
 * A create: POSTs `body` to `path` with the item's Idempotency Key (none: no header). The output item is the answer's
 * data, through `output` when given (Simplify), with the key that was sent.
 */
export async function createWithIdempotencyKey(
	this: IExecuteFunctions,
	i: number,
	path: string,
	body: IDataObject,
	output: (data: IDataObject) => IDataObject = (data) => data,
): Promise<IDataObject> {
	const idempotencyKey = idempotencyKeyOf.call(this, i);
	const request = { body, itemIndex: i, idempotencyKey };
	const { data } = await apiRequest.call(this, 'POST', path, request);
	return withSentKey(output(data as IDataObject), idempotencyKey);
}
