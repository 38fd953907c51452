import type { IExecuteFunctions } from 'n8n-workflow';
import { declareFields, readPathIds } from '../../fields/fields';
import { submerchantLocator, operationDescription } from '../common.descriptions';
import { prepareAnsweredByMessage } from '../common.requests';
import type { PreparedWrite } from '../node.type';

export const option = {
	name: 'Submit for Review',
	description:
		'Send a pending submerchant with complete registration and documents to compliance review; needs the submerchant ID',
	action: 'Submit a submerchant for review',
};

export const fields = declareFields([
	{
		displayName:
			"The submerchant must be complete: a PF needs its birth date and mother's name, a PJ a registered legal representative, and both at least one active document. It then moves from Pending to Pending Review.",
		name: 'submitForReviewNotice',
		type: 'notice',
		default: '',
	},
	submerchantLocator({
		description: 'The submerchant (in status Pending) to submit for compliance review',
	}),
]);

export const description = operationDescription(
	'submerchant',
	'submitForReview',
	fields.properties,
);

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const id = readPathIds.call(this, i, fields).submerchant_id;
	const path = `/v1/submerchants/${id}/submit-for-review`;
	return await prepareAnsweredByMessage.call(this, i, 'POST', path, id);
}
