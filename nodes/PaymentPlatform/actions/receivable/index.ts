import * as get from './get.operation';
import { resourceDescription } from '../common.descriptions';

export { get };

export const description = resourceDescription(
	'receivable',
	'get',
	[
		{
			name: 'Get',
			value: 'get',
			description:
				'Get a receivable (money a charge will pay you on a settlement date) with its gross, fee and net amounts; needs the receivable ID',
			action: 'Get a receivable by ID',
		},
	],
	[get],
);
