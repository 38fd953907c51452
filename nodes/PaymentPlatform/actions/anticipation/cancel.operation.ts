import type { IExecuteFunctions } from 'n8n-workflow';
import { declareFields, readPathIds } from '../../fields/fields';
import { uuidPathId, operationDescription } from '../common.descriptions';
import { prepareAnsweredByMessage } from '../common.requests';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Cancel',
	description: 'Cancel an anticipation that is still pending; needs the anticipation ID',
	action: 'Cancel a pending anticipation',
};

export const fields = declareFields([
	uuidPathId({
		displayName: 'Anticipation ID',
		name: 'anticipationId',
		pathId: 'anticipation_id',
		description: 'UUID of the pending anticipation to cancel',
	}),
]);

export const description = operationDescription('anticipation', 'cancel', fields.properties);

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const id = readPathIds.call(this, i, fields).anticipation_id;
	return await prepareAnsweredByMessage.call(this, i, 'DELETE', `/v1/anticipations/${id}`, id);
}
