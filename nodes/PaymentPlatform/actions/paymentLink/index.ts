import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import * as uploadCover from './uploadCover.operation';
import { resourceDescription } from '../common.descriptions';

export { create, get, getAll, uploadCover };

export const description = resourceDescription(
	'paymentLink',
	'get',
	[
		{
			name: 'Create',
			value: 'create',
			description:
				'Create a payment link with a checkout URL to send to a customer; needs a title and an amount',
			action: 'Create a payment link',
		},
		{
			name: 'Get',
			value: 'get',
			description:
				'Get a payment link with its checkout URL, amount and uses; needs the payment link ID',
			action: 'Get a payment link by ID',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description: 'List the payment links of your merchant',
			action: 'Get many payment links',
		},
		{
			name: 'Upload Cover',
			value: 'uploadCover',
			description:
				"Set the image shown on a payment link's checkout page; needs the payment link ID and an image in a binary field",
			action: 'Upload a payment link cover image',
		},
	],
	[create, get, getAll, uploadCover],
);
