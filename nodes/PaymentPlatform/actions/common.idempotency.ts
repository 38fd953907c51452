import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { IDEMPOTENCY_KEY_HEADER } from '../../shared/chosenNames';
import { InputValidator } from '../fields/fieldRules';
import { prepareWrite } from './common.requests';
import type { PreparedWrite } from './node.type';

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

/**
 * The reference shows no such header, so only what an HTTP header cannot carry (control or non-ASCII characters) is
 * refused.
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
	return await prepareWrite.call(this, 'POST', path, options, ({ data }) => {
		const item = output(data as IDataObject);
		return idempotencyKey === undefined ? item : { ...item, [SENT_KEY_FIELD]: idempotencyKey };
	});
}
