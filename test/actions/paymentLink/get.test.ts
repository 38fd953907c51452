/** Payment Link → Get against the sandbox: the request pinned, invalid input refused before sending. */
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';
import { SEED } from '../../../sandbox';
import {
	expectRejectedBeforeSending,
	onlyRequest,
	runOk,
	twoItems,
	useSandbox,
} from '../../harness/actions';

const api = useSandbox();
const LINK = SEED.paymentLinkId;

describe('Payment Link → Get', () => {
	it('reads one payment link by id', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, {
			resource: 'paymentLink',
			operation: 'get',
			paymentLinkId: LINK,
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			`/v1/payment-links/${LINK}`,
			{},
		]);
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			id: LINK,
			title: 'Camiseta Estrela',
			amount: 7990,
			currency: 'BRL',
			status: 'active',
			allowed_payment_methods: ['credit_card'],
			max_installments: 6,
		});
	});
});

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
