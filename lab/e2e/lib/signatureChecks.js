'use strict';
/**
 * The trigger in a running n8n, with no setting changed, against deliveries signed the ways platforms sign: by the
 * families' own published libraries (the `stripe` package's test-header helper, the `standardwebhooks` package) and
 * by the sandbox's signer for raw body and a timestamp in its own header. Each runs exactly once and says how it was
 * verified; a stale or forged one gets 401 and starts nothing.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const {
	standardWebhooksHeaders,
	stripeSignature,
} = require('../../../test/harness/librarySigners');
const { SEED } = require('../../../sandbox/seedIds');
const { signedHeaders } = require('../../../sandbox/signature');
const { sleep } = require('../../../scripts/lib/wait');
const { waitForWebhook } = require('../../lib/http');
const { TRIGGER_NODE_NAME, triggerWorkflow } = require('../../lib/workflows');
const { allExecutions, nodeOutput, settledExecutions } = require('../../lib/executions');
const { endpointSecret } = require('./signedDeliveries');

const EVENT = 'charge.captured';
const QUIET_MS = 2_000;
/** Beyond the trigger's default replay window of 5 minutes. */
const STALE_SECONDS = 600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A delivery body with a fresh id, as text. */
function newBody() {
	const id = randomUUID();
	const charge = { id: SEED.charges.authorized, status: 'captured', amount: 25990 };
	return {
		id,
		text: JSON.stringify({ id, event: EVENT, charge, occurred_at: new Date().toISOString() }),
	};
}

/** Each family's signer: (secret, body text, delivery id, unix seconds) → headers. */
const SIGNERS = {
	'timestamped (stripe package)': {
		scheme: 'timestamped',
		sign: (secret, text, _id, t) => ({ 'stripe-signature': stripeSignature(secret, text, t) }),
	},
	'Standard Webhooks (standardwebhooks package)': {
		scheme: 'standardWebhooks',
		sign: standardWebhooksHeaders,
	},
	'timestamp in its own header (sandbox signer)': {
		scheme: 'timestampHeader',
		sign: (secret, text, id, t) =>
			signedHeaders('timestamp-header', secret, Buffer.from(text), id, t),
	},
	'raw body (sandbox signer)': {
		scheme: 'rawBody',
		sign: (secret, text, id, t) => signedHeaders('raw-body', secret, Buffer.from(text), id, t),
	},
};

async function post(url, text, headers) {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', ...headers },
		body: text,
		signal: AbortSignal.timeout(30_000),
	});
	return { status: response.status, text: await response.text() };
}

async function checkSignatureFamilies(report, context) {
	const { admin, client, credential, instance } = context;
	await admin.reset();
	const { webhookId, workflow } = triggerWorkflow(
		'E2E trigger: signature families',
		[EVENT],
		credential,
		{ endpointRemovalDelay: 0 },
	);
	const created = await client.createWorkflow(workflow);
	const url = `${instance.url}/webhook/${webhookId}/webhook`;
	let secret = '';
	let executions = 0;

	await report.check('signature families: the trigger registers its endpoint', async () => {
		await client.activateWorkflow(created.id);
		secret = endpointSecret(context, url);
		await waitForWebhook(url);
	});

	for (const [name, { scheme, sign }] of Object.entries(SIGNERS)) {
		await report.check(`signature families: ${name} runs once, verified as ${scheme}`, async () => {
			const { id, text } = newBody();
			const t = nowSeconds();
			const answer = await post(url, text, sign(secret, text, id, t));
			assert.equal(answer.status, 200, `n8n answered ${answer.status} ${answer.text}`);
			executions++;
			const list = await settledExecutions(
				client,
				{ workflowId: created.id, includeData: true },
				executions,
			);
			const runs = list
				.map((execution) => ({ execution, item: nodeOutput(execution, TRIGGER_NODE_NAME)[0] }))
				.filter(({ item }) => item?.id === id);
			assert.equal(runs.length, 1, `${runs.length} executions for ${id}`);
			assert.equal(runs[0].execution.status, 'success');
			const expected =
				scheme === 'rawBody' ? { scheme } : { scheme, timestamp: new Date(t * 1000).toISOString() };
			assert.deepEqual(runs[0].item.verification, expected);
			assert.ok(!JSON.stringify(runs[0].item).includes(secret), 'the item holds the secret');
		});
	}

	const refusals = [];
	for (const [name, { scheme, sign }] of Object.entries(SIGNERS)) {
		if (scheme !== 'rawBody') {
			refusals.push([
				`${name}, ${STALE_SECONDS} s old`,
				(text, id) => sign(secret, text, id, nowSeconds() - STALE_SECONDS),
			]);
		}
		const wrong = `whsec_${'0'.repeat(64)}`;
		refusals.push([`${name}, another secret`, (text, id) => sign(wrong, text, id, nowSeconds())]);
	}
	await report.check(
		`signature families: ${refusals.length} stale or forged deliveries get 401 and start nothing`,
		async () => {
			const answers = [];
			for (const [name, headersFor] of refusals) {
				const { id, text } = newBody();
				answers.push([name, (await post(url, text, headersFor(text, id))).status]);
			}
			assert.deepEqual(
				answers.filter(([, status]) => status !== 401),
				[],
				'answered other than 401',
			);
			await sleep(QUIET_MS);
			const list = await allExecutions(client, { workflowId: created.id });
			assert.equal(list.length, executions, 'a stale or forged delivery ran the workflow');
		},
	);

	await report.check(
		'signature families: unpublishing (with no removal delay) removes the endpoint at once',
		async () => {
			await client.deactivateWorkflow(created.id);
			assert.deepEqual(await admin.webhookEndpoints(), []);
		},
	);
}

module.exports = { checkSignatureFamilies };
