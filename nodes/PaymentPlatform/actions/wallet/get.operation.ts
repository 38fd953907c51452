import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { walletIdField } from './common';
import { readOptions } from '../common.options';

export const fields = declareFields([walletIdField, readOptions]);

const displayOptions = { show: { resource: ['wallet'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await getWithFields.call(this, i, fields, (ids) => `/v1/wallets/${ids.wallet_id}`);
}
