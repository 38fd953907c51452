import type { INodeProperties } from 'n8n-workflow';
import * as get from './get.operation';
import * as uploadCover from './uploadCover.operation';

export { get, uploadCover };

export const description: INodeProperties[] = [
	{
		displayName: 'Operation',
		name: 'operation',
		type: 'options',
		noDataExpression: true,
		displayOptions: { show: { resource: ['paymentLink'] } },
		options: [
			{
				name: 'Get',
				value: 'get',
				description:
					'Get a payment link with its checkout URL, amount and uses; needs the payment link ID',
				action: 'Get a payment link by ID',
			},
			{
				name: 'Upload Cover',
				value: 'uploadCover',
				description:
					"Set the image shown on a payment link's checkout page; needs the payment link ID and an image in a binary field",
				action: 'Upload a payment link cover image',
			},
		],
		default: 'get',
	},
	...get.description,
	...uploadCover.description,
];
