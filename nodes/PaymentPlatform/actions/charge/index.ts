import * as create from './create.operation';
import * as get from './get.operation';
import * as getAll from './getAll.operation';
import { resourceDescription } from '../common.descriptions';

export { create, get, getAll };

export const description = resourceDescription(
	'charge',
	'get',
	[
		{
			name: 'Create',
			value: 'create',
			description:
				'Charge a customer by pix, boleto, credit or debit card; needs the amount in cents and the payment method',
			action: 'Create a charge',
		},
		{
			name: 'Get',
			value: 'get',
			description: 'Get one charge with its status, amount and customer; needs the charge ID',
			action: 'Get a charge by ID',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description:
				'List charges, optionally filtered by status, payment method, dates, amount or text',
			action: 'Get many charges',
		},
	],
	[create, get, getAll],
);
