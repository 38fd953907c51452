import type { IExecuteFunctions } from 'n8n-workflow';
import { additionalFields, metadataField, operationDescription } from '../common.descriptions';
import { declareFields, requestBody } from '../../fields/fields';
import { writeOptions } from '../common.options';
import { idempotencyKeyProperty, prepareKeyedCreate } from '../common.idempotency';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Create',
	description:
		'Ask to receive receivables before their settlement date, for a fee; needs the receivable IDs',
	action: 'Request an anticipation of receivables',
};

export const fields = declareFields([
	{
		displayName: 'Receivable IDs',
		name: 'receivableIds',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b, 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
		description:
			'UUIDs of the receivables to anticipate, separated by commas (an expression may also give an array)',
		api: {
			field: 'receivable_ids',
			type: 'array',
			entries: 'uuid',
			distinct: true,
			required: true,
			chosen: 'an anticipation is of at least one receivable',
		},
	},
	additionalFields([metadataField('anticipation')]),
	idempotencyKeyProperty,
	writeOptions,
]);

export const description = operationDescription('anticipation', 'create', fields.properties);

/** The reference shows no list of anticipations: each receivable says whether it was anticipated. */
const CREATED = { noun: 'anticipation', findWith: 'Receivable → Get on its receivables' };

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const body = requestBody.call(this, i, fields);
	return await prepareKeyedCreate.call(this, i, '/v1/anticipations', body, CREATED);
}
