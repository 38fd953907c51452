import type { INodeProperties } from 'n8n-workflow';
import { PATTERNS } from '../shared/apiValues';

const UUID_REGEX = PATTERNS.uuid.source.replace(/^\^|\$$/g, '');

/** A pick-from-list or paste-an-id field for a submerchant, as Airtable's base/table pickers do. */
export const submerchantLocator = (overrides: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Submerchant',
	name: 'submerchantId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The submerchant (sub-account of your merchant) to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a submerchant...',
			typeOptions: { searchListMethod: 'searchSubmerchants', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
			validation: [
				{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: 'Not a valid submerchant ID (UUID)' } },
			],
		},
	],
	...overrides,
});

/** A pick-from-list or paste-an-id field for a charge. */
export const chargeLocator = (overrides: Partial<INodeProperties> = {}): INodeProperties => ({
	displayName: 'Charge',
	name: 'chargeId',
	type: 'resourceLocator',
	default: { mode: 'list', value: '' },
	required: true,
	description: 'The charge to act on',
	modes: [
		{
			displayName: 'From List',
			name: 'list',
			type: 'list',
			placeholder: 'Select a charge...',
			typeOptions: { searchListMethod: 'searchCharges', searchable: true },
		},
		{
			displayName: 'By ID',
			name: 'id',
			type: 'string',
			placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
			validation: [
				{ type: 'regex', properties: { regex: UUID_REGEX, errorMessage: 'Not a valid charge ID (UUID)' } },
			],
		},
	],
	...overrides,
});

/** Return All + Limit, as every n8n list operation has them. */
export const returnAllAndLimit: INodeProperties[] = [
	{
		displayName: 'Return All',
		name: 'returnAll',
		type: 'boolean',
		default: false,
		description: 'Whether to return all results or only up to a given limit',
	},
	{
		displayName: 'Limit',
		name: 'limit',
		type: 'number',
		typeOptions: { minValue: 1 },
		default: 50,
		description: 'Max number of results to return',
		displayOptions: { show: { returnAll: [false] } },
	},
];
