import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';
import { listWebhookEndpoints, webhookEndpointListRoute } from '../../../shared/webhookEndpoints';
import { getListLimit } from '../../fields/fields';
import { returnAllAndLimit, operationDescription } from '../common.descriptions';
import { readOptions } from '../common.options';
import { PAGINATION_FIELDS, withAdditionalQuery } from '../../fields/additionalFields';

export const option = {
	name: 'Get Many',
	description:
		'List the webhook endpoints registered with your key pair, with their URL, events and status (never their secret)',
	action: 'Get many webhook endpoints',
};

const properties: INodeProperties[] = [
	{
		displayName:
			'Every endpoint registered with your key pair is listed, also those a Payment Platform Trigger registered. An endpoint whose URL no active workflow serves can be removed with Delete.',
		name: 'staleNotice',
		type: 'notice',
		default: '',
	},
	...returnAllAndLimit,
	readOptions,
];

export const description = operationDescription('webhookEndpoint', 'getAll', properties);

/** Return All reads at most this many pages (100 endpoints each). */
const MAX_PAGES = 1000;

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const list = await listWebhookEndpoints.call(this, {
		maxPages: MAX_PAGES,
		limit: getListLimit.call(this, i),
		qs: withAdditionalQuery.call(this, i, {}, PAGINATION_FIELDS),
		itemIndex: i,
	});
	if (list === undefined) {
		throw new NodeOperationError(
			this.getNode(),
			"The Payment Platform's answer to the webhook endpoint list holds no list of endpoints",
			{
				itemIndex: i,
				description: `Check the path of "${webhookEndpointListRoute}" in the credential's API Names.`,
			},
		);
	}
	return list.records;
}
