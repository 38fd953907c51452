import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getUuidParameter } from '../../shared/parameters';
import { walletIdField } from './common';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [walletIdField, readOptions];

const displayOptions = { show: { resource: ['wallet'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = getUuidParameter.call(this, 'walletId', i, 'wallet_id');
	const { data } = await apiRequest.call(this, 'GET', `/v1/wallets/${id}`, {
		qs: withAdditionalQuery.call(this, i, {}, {}),
		itemIndex: i,
	});
	return data as IDataObject;
}
