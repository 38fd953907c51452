import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { InputValidator } from '../../shared/validate';
import { withAdditionalBody } from '../../shared/additionalFields';
import { writeOptions } from '../common.options';

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
	writeOptions,
];

const displayOptions = { show: { resource: ['anticipation'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const validate = new InputValidator(this.getNode(), i);
	const receivableIds = toIdList(this.getNodeParameter('receivableIds', i, ''));
	if (receivableIds.length === 0) validate.fail('receivable_ids', 'must contain at least one UUID');
	receivableIds.forEach((id, index) => validate.uuid(`receivable_ids[${index}]`, id));

	const body: IDataObject = { receivable_ids: withoutDuplicates(receivableIds) };
	const additional = this.getNodeParameter('additionalFields', i, {}) as IDataObject;
	const metadata = validate.jsonObject('metadata', additional.metadata);
	if (metadata) body.metadata = metadata;

	const { data } = await apiRequest.call(this, 'POST', '/v1/anticipations', {
		body: withAdditionalBody.call(this, i, body, {
			receivable_ids: 'Receivable IDs',
			metadata: 'Additional Fields → Metadata',
		}),
		itemIndex: i,
	});
	return data as IDataObject;
}

/** A comma- (or newline-) separated string, or an array of strings from an expression, as a list of ids. */
function toIdList(value: unknown): string[] {
	const parts = Array.isArray(value)
		? value.flatMap((v) => String(v ?? '').split(','))
		: String(value ?? '').split(/[,\n]/);
	return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** Keeps the first of ids that differ only in letter case (UUIDs are case-insensitive). */
function withoutDuplicates(ids: string[]): string[] {
	const seen = new Set<string>();
	return ids.filter((id) => {
		const key = id.toLowerCase();
		if (seen.has(key)) return false;
		seen.add(key);
		return true;
	});
}
