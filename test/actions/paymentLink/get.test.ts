/** Payment Link → Get against the sandbox: the request pinned, invalid input refused before sending. */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { expectRejectedBeforeSending, twoItems, useSandbox } from '../../harness/actions';

const api = useSandbox();


describe('Payment Link: invalid input is rejected before any request', () => {
	const rows: Array<
		[rule: string, parameters: INodeParameters, message: string, item?: INodeExecutionData]
	> = [
		[
			'payment link id UUID (get)',
			{ resource: 'paymentLink', operation: 'get', paymentLinkId: 'link_1' },
			'payment_link_id must be a UUID',
		],

		[
			'payment link id required (get)',
			{ resource: 'paymentLink', operation: 'get', paymentLinkId: '={{ "" }}' },
			'payment_link_id is required',
		],
	];

	// Rest parameters: a row without an input item must not make jest pass `done` as the fourth argument.
	it.each(rows)('%s', async (...[, parameters, message, item]) => {
		await expectRejectedBeforeSending(api(), parameters, message, twoItems(item));
	});
});
