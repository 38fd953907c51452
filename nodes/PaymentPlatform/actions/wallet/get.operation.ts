import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { readOptions } from '../common.options';
import { operationDescription, walletIdField } from '../common.descriptions';

export const option = {
	name: 'Get',
	description: 'Get a wallet and its current balance; needs the wallet ID',
	action: 'Get a wallet balance',
};

export const fields = declareFields([walletIdField, readOptions]);

export const description = operationDescription('wallet', 'get', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await getWithFields.call(this, i, fields, (ids) => `/v1/wallets/${ids.wallet_id}`);
}
