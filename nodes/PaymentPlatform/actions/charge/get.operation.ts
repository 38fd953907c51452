import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { getLocatorId } from '../../shared/parameters';
import { chargeLocator } from '../common.descriptions';
import { simplifyIfChosen, simplifyProperty } from '../../shared/simplify';
import { readOptions } from '../common.options';
import { withAdditionalQuery } from '../../shared/additionalFields';

const properties: INodeProperties[] = [chargeLocator(), simplifyProperty('charge'), readOptions];

const displayOptions = { show: { resource: ['charge'], operation: ['get'] } };

export const description = updateDisplayOptions(displayOptions, properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const chargeId = getLocatorId.call(this, 'chargeId', i, 'charge_id');
	const { data } = await apiRequest.call(this, 'GET', `/v1/charges/${chargeId}`, {
		qs: withAdditionalQuery.call(this, i, {}, {}),
		itemIndex: i,
	});
	return simplifyIfChosen.call(this, i, 'charge', data as IDataObject);
}
