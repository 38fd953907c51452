'use strict';
/**
 * A platform that uses other names: a second sandbox started with other query names, body names, header and paths
 * (sandbox/apiNames.js), and a credential whose API Names say so. In a real n8n, each operation that uses a chosen
 * name works against it, and what reached the wire carries the platform's names; a keyed create whose answer is lost
 * to a 503 is sent again under the platform's header. The suite's own credential (the defaults) against the same
 * sandbox is stopped by the filter check, naming the filter and the credential field; API Names that send two names
 * as one fail the credential test and stop a run before any request.
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../../sandbox/seedIds');
const { ADDRESS } = require('../../../test/cases/values');
const { RENAMED_API_NAMES } = require('../../../test/harness/renamedApiNames');
const { CREDENTIAL_TYPE } = require('../../../scripts/lib/packageInfo');
const { execute } = require('../../lib/n8nExecute');
const { ACTION_NODE_NAME, operationWorkflow } = require('../../lib/workflows');
const { nodeOutput } = require('../../lib/executions');

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
		title: 'Wallet → Get Statement: the period as "since" (renamed on that route only)',
		parameters: {
			resource: 'wallet',
			operation: 'getStatement',
			walletId: SEED.walletId,
			filters: { startDate: '2025-03-01T00:00:00Z' },
			options: { splitEntries: true },
		},
		wire: [`GET /v1/wallets/${SEED.walletId}/statement`],
		check(requests, output) {
			assert.deepEqual(requests[0].query, { since: '2025-03-01T00:00:00.000Z' });
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
		title: 'Payment Link → Create: the platform path and body names',
		parameters: { resource: 'paymentLink', operation: 'create', title: 'Camiseta', amount: 4990 },
		wire: ['POST /v1/links'],
		check(requests, output) {
			assert.deepEqual(requests[0].body, { name: 'Camiseta', value: 4990 });
			assert.match(output[0].id, /^[0-9a-f-]{36}$/);
			assert.equal(output[0].title, 'Camiseta');
		},
	},
	{
		title: 'Charge → Create with a key, created then 503: resent under "X-Request-Key", one charge',
		parameters: {
			resource: 'charge',
			operation: 'create',
			paymentMethod: 'pix',
			amount: 3210,
			idempotencyKey: 'e2e-renamed-header-1',
		},
		faults: [
			/** @type {import('../../../sandbox').FaultSpec} */ ({
				route: 'POST /v1/charges',
				kind: 'applied_then_503',
				count: 1,
			}),
		],
		wire: ['POST /v1/charges', 'POST /v1/charges'],
		statuses: [503, 201],
		check(requests, output, platform) {
			assert.deepEqual(
				requests.map((r) => [r.headers['x-request-key'], r.headers['idempotency-key']]),
				[
					['e2e-renamed-header-1', undefined],
					['e2e-renamed-header-1', undefined],
				],
			);
			assert.equal(requests[1].replayed, true, 'the resend was answered from the key');
			assert.equal(output[0].idempotencyKey, 'e2e-renamed-header-1');
			const created = [...platform.store.charges.values()].filter((c) => c.amount === 3210);
			assert.deepEqual(
				created.map((c) => c.id),
				[output[0].id],
			);
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
	const platform = await startSandbox({ port: 0, apiNames: RENAMED_API_NAMES });
	try {
		const credential = await context.client.ensureCredential({
			name: 'Payment Platform (other names)',
			type: CREDENTIAL_TYPE,
			data: {
				publicKey: platform.publicKey,
				secretKey: platform.secretKey,
				baseUrl: platform.url,
				apiNames: JSON.stringify(RENAMED_API_NAMES),
			},
		});
		for (const item of CASES) {
			await report.check(`API Names: ${item.title}`, async () => {
				const created = await context.client.createWorkflow(
					operationWorkflow(`E2E API Names: ${item.title}`, item.parameters, credential),
				);
				platform.clearRequests();
				platform.setFaults(item.faults ?? []);
				const { run } = await execute(context, created.id).finally(() => platform.clearFaults());
				const error = run.data.resultData.error;
				assert.equal(error, undefined, `execution failed: ${error?.message}`);
				const requests = platform.requests;
				assert.deepEqual(
					requests.map((r) => `${r.method} ${r.path}`),
					item.wire,
				);
				const statuses = requests.map((r) => Number(r.status));
				if (item.statuses) assert.deepEqual(statuses, item.statuses);
				else for (const status of statuses) assert.ok(status < 300, `answered ${status}`);
				item.check(requests, nodeOutput(run, ACTION_NODE_NAME), platform);
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
		const clashing = {
			publicKey: platform.publicKey,
			secretKey: platform.secretKey,
			baseUrl: platform.url,
			apiNames: JSON.stringify({ start_date: 'date', end_date: 'date' }),
		};
		const clash = /API Names sends "start_date" and "end_date" both as "date" on GET \/v1\/charges/;
		const clashingCredential = await context.client.ensureCredential({
			name: 'Payment Platform (clashing names)',
			type: CREDENTIAL_TYPE,
			data: clashing,
		});
		await report.check(
			'API Names: two names sent as one fail the credential test, with the reason',
			async () => {
				const result = await context.client.rest('POST', '/credentials/test', {
					credentials: {
						id: clashingCredential.id,
						name: clashingCredential.name,
						type: CREDENTIAL_TYPE,
						data: clashing,
					},
				});
				assert.equal(result.status, 'Error', JSON.stringify(result));
				assert.match(result.message, clash, JSON.stringify(result));
			},
		);
		await report.check(
			'API Names: two names sent as one stop a run at its first request, before anything is sent',
			async () => {
				const created = await context.client.createWorkflow(
					operationWorkflow(
						'E2E API Names: clashing names',
						{ resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: 100 },
						clashingCredential,
					),
				);
				platform.clearRequests();
				const { run } = await execute(context, created.id);
				assert.match(String(run.data.resultData.error?.message), clash);
				assert.deepEqual(platform.requests, []);
			},
		);
	} finally {
		await platform.stop();
	}
}

module.exports = { checkApiNames };
