import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { declareFields } from '../../fields/fields';
import { getWithFields } from '../common.requests';
import { uuidPathId, operationDescription } from '../common.descriptions';
import { readOptions } from '../common.options';

export const option = {
	name: 'Get',
	description:
		'Get a receivable (money a charge will pay you on a settlement date) with its gross, fee and net amounts; needs the receivable ID',
	action: 'Get a receivable by ID',
};

export const fields = declareFields([
	uuidPathId({
		displayName: 'Receivable ID',
		name: 'receivableId',
		pathId: 'receivable_id',
		description: 'UUID of the receivable',
	}),
	readOptions,
]);

export const description = operationDescription('receivable', 'get', fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	return await getWithFields.call(this, i, fields, (ids) => `/v1/receivables/${ids.receivable_id}`);
}
