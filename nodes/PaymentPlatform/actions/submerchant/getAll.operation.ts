import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequestAllItems } from '../../transport';
import { SUBMERCHANT_LIST_QUERY } from '../../transport/chosenNames';
import { SUBMERCHANT_STATUSES } from '../../shared/apiValues';
import { getListLimit } from '../../shared/parameters';
import { InputValidator } from '../../shared/validate';
import { returnAllAndLimit } from '../common.descriptions';
import { batchingOptions } from '../common.batching';

const STATUS_LABELS: Record<(typeof SUBMERCHANT_STATUSES)[number], string> = {
	active: 'Active',
	inactive: 'Inactive',
	pending: 'Pending',
	pending_review: 'Pending Review',
	rejected: 'Rejected',
	suspended: 'Suspended',
};

const properties: INodeProperties[] = [
	...returnAllAndLimit,
	{
		displayName: 'Filters',
		name: 'filters',
		type: 'collection',
		placeholder: 'Add Filter',
		default: {},
		options: [
			{
				displayName: 'Status',
				name: 'status',
				type: 'options',
				options: SUBMERCHANT_STATUSES.map((value) => ({ name: STATUS_LABELS[value], value })).sort(
					(a, b) => a.name.localeCompare(b.name),
				),
				default: 'pending',
				description: 'Only return submerchants in this status',
			},
		],
	},
	batchingOptions,
];

const displayOptions = { show: { resource: ['submerchant'], operation: ['getAll'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const limit = getListLimit.call(this, i);
	const filters = this.getNodeParameter('filters', i, {}) as IDataObject;
	const qs: IDataObject = {};
	if (filters.status !== undefined && filters.status !== '') {
		new InputValidator(this.getNode(), i).oneOf('status', filters.status, SUBMERCHANT_STATUSES);
		qs[SUBMERCHANT_LIST_QUERY.status] = filters.status;
	}
	return await apiRequestAllItems.call(this, '/v1/submerchants', qs, limit, i, {
		[SUBMERCHANT_LIST_QUERY.status]: 'status',
	});
}
