'use strict';
/**
 * A captured delivery replayed with other unsigned headers; refusals in the log; any Content-Type.
 */
const assert = require('node:assert/strict');
const { randomUUID } = require('crypto');
const { SEED } = require('../../../../sandbox/seedIds');
const { sleep, waitFor } = require('../../../../scripts/lib/wait');
const { triggerWorkflow } = require('../../../lib/workflows');
const { endpointSecret, sendSigned } = require('../signedDeliveries');
const { EVENTS, QUIET_MS, urlOf, publish, runsOfDelivery, deliveryBody } = require('./shared');

async function checkReplays(report, context) {
	const { admin, client, credential } = context;
	await admin.reset();
	const trigger = triggerWorkflow('E2E seams: replays', EVENTS, credential);
	const logBefore = context.instance.output().length;
	const workflowId = await publish(context, trigger);
	const url = urlOf(context, trigger.webhookId);
	const secret = endpointSecret(context, url);
	try {
		await report.check(
			'seams: a captured delivery replayed with new X-Delivery-Ids, without one and with another X-Event runs nothing more',
			async () => {
				const body = deliveryBody();
				const headers = { 'content-type': 'application/json', 'x-event': 'charge.captured' };
				const first = await sendSigned(url, secret, body, {
					...headers,
					'x-delivery-id': randomUUID(),
				});
				assert.equal(first.status, 200, first.text);
				const replays = [
					{ ...headers, 'x-delivery-id': randomUUID() },
					{ ...headers, 'x-delivery-id': randomUUID() },
					{ 'content-type': 'application/json', 'x-event': 'charge.captured' },
					{ ...headers, 'x-event': 'charge.refunded', 'x-delivery-id': randomUUID() },
				];
				for (const replay of replays) {
					const answer = await sendSigned(url, secret, body, replay);
					assert.equal(answer.status, 200, answer.text);
					assert.match(answer.text, /duplicate delivery/);
				}
				await sleep(QUIET_MS);
				assert.deepEqual(await runsOfDelivery(client, workflowId, body), { success: 1, total: 1 });
			},
		);

		await report.check(
			"seams: a replay carrying a victim's future X-Delivery-Id does not stop the victim's delivery",
			async () => {
				const captured = deliveryBody();
				const victimId = randomUUID();
				const headers = { 'content-type': 'application/json', 'x-delivery-id': victimId };
				await sendSigned(url, secret, captured, { 'content-type': 'application/json' });
				await sendSigned(url, secret, captured, headers);
				const victim = deliveryBody('charge.refunded', SEED.charges.captured);
				const answer = await sendSigned(url, secret, victim, headers);
				assert.equal(answer.status, 200, answer.text);
				assert.doesNotMatch(answer.text, /duplicate/);
				await waitFor('the victim run', async () =>
					(await runsOfDelivery(client, workflowId, victim)).success === 1 ? true : undefined,
				);
			},
		);

		await report.check(
			'seams: a correctly signed delivery runs whatever its Content-Type (cloudevents, octet-stream, none)',
			async () => {
				for (const contentType of [
					'application/cloudevents+json',
					'application/octet-stream',
					undefined,
				]) {
					const body = deliveryBody();
					const answer = await sendSigned(
						url,
						secret,
						body,
						contentType ? { 'content-type': contentType } : {},
					);
					assert.equal(answer.status, 200, `${contentType}: ${answer.status} ${answer.text}`);
					await waitFor(`the ${contentType} run`, async () =>
						(await runsOfDelivery(client, workflowId, body)).success === 1 ? true : undefined,
					);
				}
			},
		);

		await report.check(
			'seams: refusals are logged at warn, one line a minute per webhook, without the secret or the signature',
			async () => {
				// The unsigned probe that waited for the webhook was the first refusal of this minute: logged. The forged
				// deliveries after it are counted for the next line.
				const forged = [];
				for (let i = 0; i < 3; i++) {
					const answer = await sendSigned(url, `whsec_${'0'.repeat(64)}`, deliveryBody(), {
						'content-type': 'application/json',
					});
					assert.equal(answer.status, 401);
					forged.push(answer);
				}
				await sleep(500);
				const logged = context.instance.output().slice(logBefore);
				const lines = logged
					.split('\n')
					.filter((line) => line.includes('E2E seams: replays" answered 401 to a delivery'));
				assert.equal(lines.length, 1, logged);
				assert.match(lines[0], /no signature matches the endpoint secret|no endpoint secret/);
				assert.ok(!logged.includes(secret), 'the log holds the secret');
			},
		);
	} finally {
		await client.deactivateWorkflow(workflowId);
	}
}

module.exports = { checkReplays };
