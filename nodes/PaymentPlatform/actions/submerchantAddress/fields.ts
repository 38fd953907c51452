import type { INodePropertyOptions } from 'n8n-workflow';
import type { OwnFields } from '../../shared/additionalFields';
import { ADDRESS_TYPE_BODY_FIELD } from '../../transport/chosenNames';

/** The address type dropdown shared by Create and Update (values from ADDRESS_TYPES). */
export const ADDRESS_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Billing', value: 'billing', description: 'Used for billing' },
	{ name: 'Both', value: 'both', description: 'Used for billing and shipping' },
	{ name: 'Shipping', value: 'shipping', description: 'Used for shipping' },
];

/** The body fields Create and Update set, by the node field that sets them (`within`: the collection holding them). */
export function addressBodyFields(within: { all?: string; optional?: string }): OwnFields {
	const inside = (collection: string | undefined, name: string) =>
		collection ? `${collection} → ${name}` : name;
	return {
		street: inside(within.all, 'Street'),
		number: inside(within.all, 'Number'),
		neighborhood: inside(within.all, 'Neighborhood'),
		city: inside(within.all, 'City'),
		state: inside(within.all, 'State'),
		zip_code: inside(within.all, 'ZIP Code'),
		country: inside(within.all, 'Country'),
		[ADDRESS_TYPE_BODY_FIELD]: inside(within.all, 'Address Type'),
		complement: inside(within.optional ?? within.all, 'Complement'),
		is_primary: inside(within.optional ?? within.all, 'Is Primary'),
	};
}
