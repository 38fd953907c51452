import * as get from './get.operation';
import * as getStatement from './getStatement.operation';
import { resourceDescription } from '../common.descriptions';

export { get, getStatement };

export const description = resourceDescription(
	'wallet',
	'get',
	[
		{
			name: 'Get',
			value: 'get',
			description: 'Get a wallet and its current balance; needs the wallet ID',
			action: 'Get a wallet balance',
		},
		{
			name: 'Get Statement',
			value: 'getStatement',
			description:
				"Get a wallet's credits and debits with opening and closing balances for a period; needs the wallet ID",
			action: 'Get a wallet statement',
		},
	],
	[get, getStatement],
);
