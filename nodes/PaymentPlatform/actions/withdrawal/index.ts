import * as getFee from './getFee.operation';
import * as getSummary from './getSummary.operation';
import { resourceDescription } from '../common.descriptions';

export { getFee, getSummary };

export const description = resourceDescription(
	'withdrawal',
	'getSummary',
	[
		{
			name: 'Get Fee',
			value: 'getFee',
			description: 'Compute the fee charged to withdraw an amount; needs the amount in cents',
			action: 'Get the fee for a withdrawal',
		},
		{
			name: 'Get Summary',
			value: 'getSummary',
			description: 'Get the balance available to withdraw and the totals of past withdrawals',
			action: 'Get the withdrawal summary',
		},
	],
	[getFee, getSummary],
);
