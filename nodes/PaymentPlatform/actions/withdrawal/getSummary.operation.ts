import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getTrimmedString } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [
	{
		displayName: 'Submerchant ID',
		name: 'submerchantId',
		type: 'string',
		default: '',
		placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		description:
			'Restrict the summary to this submerchant (UUID). Leave empty for the whole merchant.',
	},
	readOptions,
];

const displayOptions = { show: { resource: ['withdrawal'], operation: ['getSummary'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const submerchantId = getTrimmedString.call(this, 'submerchantId', i);
	const validate = new InputValidator(this.getNode(), i);
	if (submerchantId) validate.uuid('submerchant_id', submerchantId);

	const qs = withAdditionalQuery.call(
		this,
		i,
		submerchantId ? { submerchant_id: submerchantId } : {},
		{ submerchant_id: 'Submerchant ID' },
	);
	const { data } = await apiRequest.call(this, 'GET', '/v1/withdrawals/summary', {
		qs,
		itemIndex: i,
	});
	return data as IDataObject;
}
