import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { chargeLocator, operationDescription } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../common.simplify';
import { readOptions } from '../common.options';

export const option = {
	name: 'Get',
	description: 'Get one charge with its status, amount and customer; needs the charge ID',
	action: 'Get a charge by ID',
};

export const fields = declareFields([chargeLocator(), simplifyProperty('charge'), readOptions]);

export const description = operationDescription('charge', 'get', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const charge = await getWithFields.call(this, i, fields, (ids) => `/v1/charges/${ids.charge_id}`);
	return simplifyIfChosen.call(this, i, 'charge', charge);
}
