import type { INodePropertyOptions } from 'n8n-workflow';

/** The address type dropdown shared by Create and Update (values from ADDRESS_TYPES). */
export const ADDRESS_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Billing', value: 'billing', description: 'Used for billing' },
	{ name: 'Both', value: 'both', description: 'Used for billing and shipping' },
	{ name: 'Shipping', value: 'shipping', description: 'Used for shipping' },
];
