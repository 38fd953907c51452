import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { declareFields, readPathIds, requestQuery } from '../../shared/fields';
import { chargeLocator } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';

export const fields = declareFields([chargeLocator(), simplifyProperty('charge'), readOptions]);

const displayOptions = { show: { resource: ['charge'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const ids = readPathIds.call(this, i, fields);
	const { data } = await apiRequest.call(this, 'GET', `/v1/charges/${ids.charge_id}`, {
		qs: requestQuery.call(this, i, fields),
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'charge', data as IDataObject);
}
