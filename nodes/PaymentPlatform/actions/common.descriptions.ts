import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { DATE_TIME_NOTE } from '../fields/dates';
import { apiField, type DeclaredField, UUID_PLACEHOLDER } from '../fields/fields';
import type { Operation, Resource } from './node.type';

export const operationDescription = <R extends Resource>(
	resource: R,
	operation: Operation<R>,
	properties: INodeProperties[],
): INodeProperties[] =>
	updateDisplayOptions({ show: { resource: [resource], operation: [operation] } }, properties);

export const resourceDescription = (
	resource: string,
	defaultOperation: string,
	options: INodePropertyOptions[],
	operations: Array<{ description: INodeProperties[] }>,
): INodeProperties[] => [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: [resource] } },
		options: [...options].sort((a, b) => a.name.localeCompare(b.name)),
		default: defaultOperation,
	},
	...operations.flatMap((operation) => operation.description),
];

/** n8n builds the "By ID" regex without flags (and anchors it itself), so the character classes carry both cases. */
const HEX = '[0-9a-fA-F]';
const EDITOR_UUID_REGEX = `${HEX}{8}-${HEX}{4}-${HEX}{4}-${HEX}{4}-${HEX}{12}`;

interface LocatorSpec {
	displayName: string;
	name: string;
	noun: string;
	searchListMethod: string;
	description: string;
	/** The id's name in the reference's path, e.g. submerchant_id. */
	pathId: string;
}

/**
 * Pick from a list or paste a UUID, as Airtable's and Teams' pickers do; a factory, so each operation can override
 * the description.
 */
function uuidLocator(spec: LocatorSpec) {
	return (overrides: Partial<INodeProperties> = {}): DeclaredField => ({
		displayName: spec.displayName,
		name: spec.name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description: spec.description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				placeholder: `Select a ${spec.noun}...`,
				typeOptions: { searchListMethod: spec.searchListMethod, searchable: true },
			},
			{
				displayName: 'By ID',
				name: 'id',
				type: 'string',
				placeholder: UUID_PLACEHOLDER,
				validation: [
					{
						type: 'regex',
						properties: {
							regex: EDITOR_UUID_REGEX,
							errorMessage: `Not a valid ${spec.noun} ID (UUID)`,
						},
					},
				],
			},
		],
		api: { field: spec.pathId, type: 'uuid', required: true, inPath: true },
		...overrides,
	});
}

/** No list to pick from. */
export const uuidPathId = (spec: {
	displayName: string;
	name: string;
	pathId: string;
	description: string;
}): DeclaredField =>
	apiField(spec.displayName, spec.name, spec.description, {
		field: spec.pathId,
		type: 'uuid',
		required: true,
		inPath: true,
	});

export const submerchantLocator = uuidLocator({
	displayName: 'Submerchant',
	name: 'submerchantId',
	noun: 'submerchant',
	searchListMethod: 'searchSubmerchants',
	pathId: 'submerchant_id',
	description: 'The submerchant (sub-account of your merchant) to act on',
});

export const chargeLocator = uuidLocator({
	displayName: 'Charge',
	name: 'chargeId',
	noun: 'charge',
	searchListMethod: 'searchCharges',
	pathId: 'charge_id',
	description: 'The charge to act on',
});

/** Workflows saved when it was a plain text field keep working: n8n reads a plain string as the id. */
export const paymentLinkLocator = uuidLocator({
	displayName: 'Payment Link',
	name: 'paymentLinkId',
	noun: 'payment link',
	searchListMethod: 'searchPaymentLinks',
	pathId: 'payment_link_id',
	description: 'The payment link to act on',
});

export const walletIdField = uuidPathId({
	displayName: 'Wallet ID',
	name: 'walletId',
	pathId: 'wallet_id',
	description: 'UUID of the wallet',
});

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

const collectionOf =
	(displayName: string, name: string, placeholder: string) =>
	(options: DeclaredField[]): DeclaredField => ({
		displayName,
		name,
		type: 'collection',
		placeholder,
		default: {},
		options,
	});

export const filters = collectionOf('Filters', 'filters', 'Add Filter');

export const additionalFields = collectionOf('Additional Fields', 'additionalFields', 'Add Field');

/** `records` names them ("charges created"); `query` gives the chosen names each is sent under. */
export function periodFilters(
	records: string,
	query: { startDate: string; endDate: string },
): { startDate: DeclaredField; endDate: DeclaredField } {
	const bounds = { startDate: 'start', endDate: 'end' } as const;
	const filter = (displayName: string, name: 'startDate' | 'endDate', description: string) =>
		apiField(displayName, name, DATE_TIME_NOTE(description, bounds[name]), {
			field: query[name],
			type: 'dateTime',
			bound: bounds[name],
			answered: { field: 'created_at', holds: name === 'startDate' ? 'notBefore' : 'notAfter' },
		});
	return {
		startDate: filter('Start Date', 'startDate', `Only ${records} from this date and time on`),
		endDate: filter(
			'End Date',
			'endDate',
			`Only ${records} up to this date and time (a date alone covers that whole day)`,
		),
	};
}

/** A list's Status filter: one of the documented statuses, Pending at first, checked on the answered records. */
export const statusFilter = (
	records: string,
	query: string,
	values: readonly string[],
	options: INodePropertyOptions[],
): DeclaredField =>
	apiField(
		'Status',
		'status',
		`Only ${records} in this status`,
		{ field: query, type: 'enum', values, answered: { field: 'status', holds: 'equal' } },
		{ options, default: 'pending' },
	);

/** The reference shows only BRL, so another code is sent as given. */
export const currencyField = (of: string): DeclaredField =>
	apiField(
		'Currency',
		'currency',
		`Currency code of ${of}. BRL is the one the API reference shows; another code is sent as given.`,
		{ field: 'currency', type: 'string' },
		{ default: 'BRL', placeholder: 'e.g. BRL' },
	);

export const metadataField = (stored: string): DeclaredField =>
	apiField(
		'Metadata',
		'metadata',
		`Free-form JSON object stored with the ${stored}`,
		{ field: 'metadata', type: 'object' },
		{ type: 'json', default: '{}' },
	);
