import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { apiRequestAllItems } from '../../../shared/transport';
import { WEBHOOK_ENDPOINTS_PATH } from '../../../shared/chosenNames';
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

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject[]> {
	const limit = getListLimit.call(this, i);
	return await apiRequestAllItems.call(
		this,
		WEBHOOK_ENDPOINTS_PATH,
		withAdditionalQuery.call(this, i, {}, PAGINATION_FIELDS),
		limit,
		i,
	);
}
