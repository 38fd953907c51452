import * as create from './create.operation';
import * as deleteEndpoint from './delete.operation';
import * as getAll from './getAll.operation';
import { resourceDescription } from '../common.descriptions';

export { create, deleteEndpoint as delete, getAll };

export const description = resourceDescription(
	'webhookEndpoint',
	'create',
	[
		{
			name: 'Create',
			value: 'create',
			description:
				'Register a URL that is notified of the chosen charge events; returns its signing secret once',
			action: 'Create a webhook endpoint',
		},
		{
			name: 'Delete',
			value: 'delete',
			description:
				'Remove a webhook endpoint so that it is no longer notified, e.g. one left behind by a deleted workflow; needs the endpoint ID',
			action: 'Delete a webhook endpoint',
		},
		{
			name: 'Get Many',
			value: 'getAll',
			description:
				'List the webhook endpoints registered with your key pair, with their URL, events and status (never their secret)',
			action: 'Get many webhook endpoints',
		},
	],
	[create, deleteEndpoint, getAll],
);
