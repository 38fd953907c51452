import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as submitForReview from './submitForReview.operation';
import * as update from './update.operation';
import { resourceDescription } from '../common.descriptions';

export { get, getAll, submitForReview, update };

export const description = resourceDescription(
	'submerchant',
	'get',
	[
		{
			name: 'Get',
			value: 'get',
			description:
				'Get a submerchant with its status and registration data; needs the submerchant ID',
			action: 'Get a submerchant by ID',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description:
				'List the submerchants linked to your merchant, optionally only those in one status',
			action: 'Get many submerchants',
		},
		{
			name: 'Submit for Review',
			value: 'submitForReview',
			description:
				'Send a pending submerchant with complete registration and documents to compliance review; needs the submerchant ID',
			action: 'Submit a submerchant for review',
		},
		{
			name: 'Update',
			value: 'update',
			description:
				'Change the registration data of a submerchant (not its tax ID); needs the submerchant ID and the fields to change',
			action: 'Update a submerchant',
		},
	],
	[get, getAll, submitForReview, update],
);
