import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { declareFields, readPathIds } from '../../shared/fields';
import { uuidPathId } from '../common.descriptions';
import { requestAnsweredByMessage } from '../common.requests';

export const fields = declareFields([
	uuidPathId({
		displayName: 'Anticipation ID',
		name: 'anticipationId',
		pathId: 'anticipation_id',
		description: 'UUID of the pending anticipation to cancel',
	}),
]);

const displayOptions = { show: { resource: ['anticipation'], operation: ['cancel'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const ids = readPathIds.call(this, i, fields);
	const path = `/v1/anticipations/${ids.anticipation_id}`;
	return await requestAnsweredByMessage.call(this, i, 'DELETE', path);
}
