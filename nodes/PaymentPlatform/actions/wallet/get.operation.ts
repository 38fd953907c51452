import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { declareFields, readPathIds, requestQuery } from '../../shared/fields';
import { walletIdField } from './common';
import { readOptions } from '../common.options';

export const fields = declareFields([walletIdField, readOptions]);

const displayOptions = { show: { resource: ['wallet'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const ids = readPathIds.call(this, i, fields);
	const { data } = await apiRequest.call(this, 'GET', `/v1/wallets/${ids.wallet_id}`, {
		qs: requestQuery.call(this, i, fields),
		itemIndex: i,
	});
	return data as IDataObject;
}
