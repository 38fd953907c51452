'use strict';
/**
 * A platform that uses other names: a second sandbox started with other query names, body name and paths
 * (sandbox/apiNames.js), and a credential whose API Names say so. In a real n8n, each operation that uses a chosen
 * name works against it, and what reached the wire carries the platform's names. The suite's own credential (the
 * defaults) against the same sandbox is stopped by the filter check, naming the filter and the credential field.
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../sandbox/seedIds');
const { ADDRESS } = require('../../cases/values');
const { CREDENTIAL_TYPE } = require('../../../scripts/lib/packageInfo');
const { execute } = require('./cli');
const {
	ACTION_NODE_NAME,
	nodeOutput,
	operationWorkflow,
} = require('../../../scripts/lib/workflows');

/** The platform's names, by the sandbox's (and the node's) default name. */
const RENAMED = {
	page: 'pg',
	perPage: 'size',
	status: 'state',
	payment_method: 'method',
	start_date: 'from',
	end_date: 'to',
	min_amount: 'amount_gte',
	amount: 'value',
	type: 'address_type',
	'POST /v1/payment-links': '/v1/links',
	'GET /v1/payment-links': '/v1/links',
	'GET /v1/postbacks/endpoints': '/v1/hooks',
};

const CASES = [
	{
		title: 'Charge → Get Many: filters and pages under the platform query names',
		parameters: {
			resource: 'charge',
			operation: 'getAll',
			returnAll: true,
			filters: {
				status: 'captured',
				paymentMethod: 'credit_card',
				startDate: '2025-03-01T00:00:00Z',
				endDate: '2025-03-31T00:00:00Z',
				minAmount: 50000,
			},
		},
		wire: ['GET /v1/charges'],
		check(requests, output) {
			assert.deepEqual(Object.keys(requests[0].query).sort(), [
				'amount_gte',
				'from',
				'method',
				'pg',
				'size',
				'state',
				'to',
			]);
			assert.deepEqual(
				output.map((charge) => charge.id),
				[SEED.charges.captured],
			);
		},
	},
	{
		title: 'Wallet → Get Statement: the period as "from" and "to"',
		parameters: {
			resource: 'wallet',
			operation: 'getStatement',
			walletId: SEED.walletId,
			filters: { startDate: '2025-03-01T00:00:00Z' },
			options: { splitEntries: true },
		},
		wire: [`GET /v1/wallets/${SEED.walletId}/statement`],
		check(requests, output) {
			assert.deepEqual(requests[0].query, { from: '2025-03-01T00:00:00.000Z' });
			assert.equal(output.length, 2);
		},
	},
	{
		title: 'Withdrawal → Get Fee: the amount as "value"',
		parameters: { resource: 'withdrawal', operation: 'getFee', amount: 10000 },
		wire: ['GET /v1/withdrawals/fee'],
		check(requests, output) {
			assert.deepEqual(requests[0].query, { value: '10000' });
			assert.equal(typeof output[0].fee, 'number');
		},
	},
	{
		title: 'Submerchant Address → Create: the address type as "address_type"',
		parameters: {
			resource: 'submerchantAddress',
			operation: 'create',
			submerchantId: { __rl: true, mode: 'id', value: SEED.submerchants.pfReadyForReview },
			...ADDRESS,
			additionalFields: { addressType: 'shipping' },
		},
		wire: [`POST /v1/submerchants/${SEED.submerchants.pfReadyForReview}/addresses`],
		check(requests, output) {
			assert.equal(requests[0].body.address_type, 'shipping');
			assert.equal(output[0].type, 'shipping');
		},
	},
	{
		title: 'Payment Link → Create: the platform path',
		parameters: { resource: 'paymentLink', operation: 'create', title: 'Camiseta', amount: 4990 },
		wire: ['POST /v1/links'],
		check(_requests, output) {
			assert.match(output[0].id, /^[0-9a-f-]{36}$/);
		},
	},
	{
		title: 'Payment Link → Get Many: the platform path',
		parameters: { resource: 'paymentLink', operation: 'getAll', returnAll: true },
		wire: ['GET /v1/links'],
		check(requests, output) {
			assert.deepEqual(requests[0].query, { pg: '1', size: '100' });
			assert.ok(output.length >= 1);
		},
	},
	{
		title: 'Webhook Endpoint → Get Many: the platform path',
		parameters: { resource: 'webhookEndpoint', operation: 'getAll', returnAll: true },
		wire: ['GET /v1/hooks'],
		check() {},
	},
];

async function checkApiNames(report, context) {
	const { startSandbox } = require('../../../sandbox');
	const platform = await startSandbox({ port: 0, apiNames: RENAMED });
	try {
		const credential = await context.client.ensureCredential({
			name: 'Payment Platform (other names)',
			type: CREDENTIAL_TYPE,
			data: {
				publicKey: platform.publicKey,
				secretKey: platform.secretKey,
				baseUrl: platform.url,
				apiNames: JSON.stringify(RENAMED),
			},
		});
		for (const item of CASES) {
			await report.check(`API Names: ${item.title}`, async () => {
				const created = await context.client.createWorkflow(
					operationWorkflow(`E2E API Names: ${item.title}`, item.parameters, credential),
				);
				platform.clearRequests();
				const { run } = await execute(context, created.id);
				const error = run.data.resultData.error;
				assert.equal(error, undefined, `execution failed: ${error?.message}`);
				const requests = platform.requests;
				assert.deepEqual(
					requests.map((r) => `${r.method} ${r.path}`),
					item.wire,
				);
				for (const request of requests)
					assert.ok(Number(request.status) < 300, `answered ${request.status}`);
				item.check(requests, nodeOutput(run.data, ACTION_NODE_NAME));
			});
		}
		await report.check(
			'API Names: the default names against that platform stop at the filter check, naming the credential field',
			async () => {
				const defaults = await context.client.ensureCredential({
					name: 'Payment Platform (default names, other platform)',
					type: CREDENTIAL_TYPE,
					data: {
						publicKey: platform.publicKey,
						secretKey: platform.secretKey,
						baseUrl: platform.url,
					},
				});
				const created = await context.client.createWorkflow(
					operationWorkflow(
						'E2E API Names: defaults against other names',
						{
							resource: 'charge',
							operation: 'getAll',
							returnAll: false,
							limit: 50,
							filters: { status: 'captured' },
						},
						defaults,
					),
				);
				const { run } = await execute(context, created.id);
				const error = run.data.resultData.error;
				assert.match(String(error?.message), /outside the filter "Filters → Status"/);
				assert.match(String(error?.description), /query parameter "status"/);
				assert.match(String(error?.description), /field "API Names"/);
			},
		);
	} finally {
		await platform.stop();
	}
}

module.exports = { checkApiNames };
