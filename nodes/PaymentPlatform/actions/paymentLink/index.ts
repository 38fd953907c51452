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
				description: 'Get a payment link by ID',
				action: 'Get a payment link',
			},
			{
				name: 'Upload Cover',
				value: 'uploadCover',
				description: "Upload an image from an input binary field as the link's cover",
				action: 'Upload a payment link cover',
			},
		],
		default: 'get',
	},
	...get.description,
	...uploadCover.description,
];
