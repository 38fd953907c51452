import * as cancel from './cancel.operation';
import * as create from './create.operation';
import { resourceDescription } from '../common.descriptions';

export { cancel, create };

export const description = resourceDescription(
	'anticipation',
	'create',
	[
		{
			name: 'Cancel',
			value: 'cancel',
			description: 'Cancel an anticipation that is still pending; needs the anticipation ID',
			action: 'Cancel a pending anticipation',
		},
		{
			name: 'Create',
			value: 'create',
			description:
				'Ask to receive receivables before their settlement date, for a fee; needs the receivable IDs',
			action: 'Request an anticipation of receivables',
		},
	],
	[cancel, create],
);
