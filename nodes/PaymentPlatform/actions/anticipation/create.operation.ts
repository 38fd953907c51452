import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import type { FieldRule } from '../../shared/fieldRules';
import { buildRequest } from '../../shared/fieldRules';
import { ownFieldsOf, withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';
import { idempotencyKeyOf, idempotencyKeyProperty, withSentKey } from '../common.idempotency';

/** POST /v1/anticipations: receivable_ids (array of uuid), metadata (object). */
export const rules: FieldRule[] = [
	{
		parameter: 'receivableIds',
		field: 'receivable_ids',
		type: 'array',
		entries: 'uuid',
		distinct: true,
		required: true,
		chosen: 'an anticipation is of at least one receivable',
	},
	{ parameter: 'additionalFields.metadata', field: 'metadata', type: 'object' },
];

const properties: INodeProperties[] = [
	{
		displayName: 'Receivable IDs',
		name: 'receivableIds',
		type: 'string',
		required: true,
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b, 9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
		description:
			'UUIDs of the receivables to anticipate, separated by commas (an expression may also give an array)',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Metadata',
				name: 'metadata',
				type: 'json',
				default: '{}',
				description: 'Free-form JSON object stored with the anticipation',
			},
		],
	},
	idempotencyKeyProperty,
	writeOptions,
];

/** The body fields this operation sets, by the node field that sets them (from its rule table). */
const ownFields = ownFieldsOf(properties, rules);

const displayOptions = { show: { resource: ['anticipation'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const { values } = buildRequest.call(this, i, rules);
	const body = withAdditionalBody.call(this, i, values, ownFields);
	const idempotencyKey = idempotencyKeyOf.call(this, i);
	const request = { body, itemIndex: i, idempotencyKey };
	const { data } = await apiRequest.call(this, 'POST', '/v1/anticipations', request);
	return withSentKey(data as IDataObject, idempotencyKey);
}
