import type { INodeProperties } from 'n8n-workflow';

export const walletIdField: INodeProperties = {
	displayName: 'Wallet ID',
	name: 'walletId',
	type: 'string',
	required: true,
	default: '',
	placeholder: 'e.g. 3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
	description: 'UUID of the wallet',
};
