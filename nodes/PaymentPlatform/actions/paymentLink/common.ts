import type { INodeProperties } from 'n8n-workflow';

export const paymentLinkIdField: INodeProperties = {
	displayName: 'Payment Link ID',
	name: 'paymentLinkId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
	description: 'UUID of the payment link',
};
