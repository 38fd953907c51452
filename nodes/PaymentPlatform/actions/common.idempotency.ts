import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/chosenNames';
import { InputValidator } from '../fields/fieldRules';
import { prepareWrite } from './common.requests';
import type { PreparedWrite } from './node.type';

/** How refusals name the field (the header it fills). */
const KEY_FIELD = 'Idempotency Key';

/** The output field that says which key was sent (camelCase: the node's field, not one of the API's). */
const SENT_KEY_FIELD = 'idempotencyKey';

/** The Idempotency Key field of the operations that create money objects (Charge, Payment Link, Anticipation). */
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

/** What a keyed create is, for its messages: the record it makes and how to find it (e.g. "Charge → Get Many"). */
interface CreatedRecord {
	noun: string;
	findWith: string;
}

/**
 * n8n's Retry On Fail runs the whole node again after an error, every item included: a create without a key would be
 * sent again for each item that went through before it. Refused before any request.
 */
function refuseRetryOnFailWithoutKey(
	this: IExecuteFunctions,
	i: number,
	{ noun }: CreatedRecord,
): never {
	throw new NodeOperationError(
		this.getNode(),
		`Idempotency Key is needed while the node's Retry On Fail setting is on [item ${i}]`,
		{
			itemIndex: i,
			description: `Retry On Fail runs the whole node again after an error, so every ${noun} created before the error would be created again. Set an Idempotency Key that stays the same for the same intent (e.g. {{ $json.order_id }}), or turn Retry On Fail off in the node's Settings. Nothing was sent to the API.`,
		},
	);
}

/**
 * A create of item `i`, prepared: POSTs `body` to `path` with the item's Idempotency Key (none: no header). The output
 * item is the answer's data, through `output` when given (Simplify), with the key that was sent.
 */
export async function prepareKeyedCreate(
	this: IExecuteFunctions,
	i: number,
	path: string,
	body: IDataObject,
	created: CreatedRecord,
	output: (data: IDataObject) => IDataObject = (data) => data,
): Promise<PreparedWrite> {
	const idempotencyKey = idempotencyKeyOf.call(this, i);
	if (idempotencyKey === undefined && this.getNode().retryOnFail === true) {
		refuseRetryOnFailWithoutKey.call(this, i, created);
	}
	const howToCheck = `find the ${created.noun} with ${created.findWith} before running it again (with an Idempotency Key, running it again cannot create a second one)`;
	const options = { body, itemIndex: i, idempotencyKey, howToCheck };
	return await prepareWrite.call(this, 'POST', path, options, ({ data }) =>
		withSentKey(output(data as IDataObject), idempotencyKey),
	);
}
