'use strict';
/**
 * One run of the attacks: the two trigger workflows (A the target, B "another endpoint"), every delivery sent with the
 * answer it got, and the valid deliveries sent between the attacks.
 */
const { SEED } = require('../../../sandbox/seedIds');
const { waitFor } = require('../../../scripts/lib/wait');
const { triggerWorkflow } = require('../../lib/workflows');
const attacks = require('./attacks');
const { send } = require('../../lib/http');
const { WEBHOOK_EVENTS } = require('../../../sandbox/api/values');
const { deliveryHeaders } = require('../../../sandbox/signature');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('./attacks/delivery').Delivery} Delivery
 * @typedef {import('../../lib/http').Answer} Answer
 * @typedef {{ workflowId: string, url: string, endpointId: string, secret: string, events: string[] }} Trigger
 * @typedef {{ id: string, label: string, answer: Pick<Answer, 'status' | 'text' | 'error'>, body: Buffer,
 *   headers: Record<string, string> }} ValidDelivery
 * @typedef {{ label: string, ids: string[], expectStatus: Delivery['expectStatus'], expectText?: string,
 *   valid?: boolean, headers?: Delivery['headers'] }} SentDelivery
 * @typedef {{ group: string, delivery: SentDelivery, answer: Pick<Answer, 'status' | 'text' | 'error'> }} Sent
 */

const EVENTS_A = ['charge.captured', 'charge.refunded', 'charge.chargeback'];

const EVENTS_B = ['charge.authorized'];

/** The API's other events (the sandbox's statement of them). */
const UNSELECTED_FOR_A = WEBHOOK_EVENTS.filter((event) => !EVENTS_A.includes(event));

const CHARGES = [SEED.charges.authorized, SEED.charges.captured];

/**
 * Creates and activates a trigger workflow; returns what the attacks need: its URL and the endpoint the sandbox
 * registered (with its secret).
 * @param {SecurityStack} stack
 * @param {string} name
 * @param {string[]} events
 * @param {object} [options] the trigger's Options collection
 * @returns {Promise<Trigger>}
 */
async function activateTrigger(stack, name, events, options = {}) {
	const { client, credential, instance } = stack;
	// Each trigger's endpoint has only its events, so that each one's deliveries and executions are counted apart.
	const { webhookId, workflow } = triggerWorkflow(name, events, credential, {
		endpointEvents: 'selected',
		...options,
	});
	const created = await client.createWorkflow(workflow);
	const url = `${instance.url}/webhook/${webhookId}/webhook`;
	return await publishTrigger(stack, name, { workflowId: created.id, url, events });
}

/**
 * Activates (publishes) a trigger workflow; returns it with the endpoint the sandbox holds for its URL once it has.
 * @param {SecurityStack} stack
 * @param {string} name
 * @param {Pick<Trigger, 'workflowId' | 'url' | 'events'>} trigger
 * @returns {Promise<Trigger>}
 */
async function publishTrigger(stack, name, { workflowId, url, events }) {
	await stack.client.activateWorkflow(workflowId);
	const endpoint = [...stack.sandbox.store.webhookEndpoints.values()].find((e) => e.url === url);
	if (!endpoint) throw new Error(`activating "${name}" registered no endpoint for ${url}`);
	// Readiness does not mean the webhook is served: wait for an answer other than 404.
	await waitFor(
		`the webhook of "${name}"`,
		async () => (await send(url, { body: Buffer.alloc(0) })).status !== 404,
		{ timeoutMs: 30_000 },
	);
	return { workflowId, url, endpointId: endpoint.id, secret: endpoint.secret, events };
}

/**
 * Records triggers the attacks activated, by name, so that part 2 searches for their secrets.
 * @param {SecurityStack} stack
 * @param {Record<string, Trigger>} triggers
 */
function noteAttackTriggers(stack, triggers) {
	stack.attackTriggers = [
		...(stack.attackTriggers ?? []),
		...Object.entries(triggers).map(([name, trigger]) => ({ name, trigger })),
	];
}

class AttackRun {
	/**
	 * @param {SecurityStack} stack
	 * @param {{ A: Trigger, B: Trigger }} triggers
	 */
	constructor(stack, { A, B }) {
		this.stack = stack;
		this.A = A;
		this.B = B;
		/** @type {Sent[]} */
		this.sent = [];
		/** @type {{ A: ValidDelivery[], B: ValidDelivery[] }} valid deliveries per trigger */
		this.valid = { A: [], B: [] };
		this.chargeTurn = 0;
	}

	/**
	 * Sends one catalogue delivery to its target and records the answer. A valid one (signed, of any shape: it runs)
	 * is also one of the target's valid deliveries, which must run exactly once.
	 * @param {string} group
	 * @param {Delivery} delivery
	 */
	async sendDelivery(group, delivery) {
		const target = delivery.target === 'B' ? this.B : this.A;
		const answer = await send(target.url, {
			method: delivery.method,
			body: delivery.body,
			headers: delivery.headers,
			timeoutMs: delivery.timeoutMs,
		});
		this.sent.push({ group, delivery, answer });
		if (delivery.valid && delivery.body !== undefined && !Array.isArray(delivery.headers)) {
			this.valid[delivery.target ?? 'A'].push({
				id: delivery.ids[0],
				label: `${group}: ${delivery.label}`,
				answer,
				body: delivery.body,
				headers: delivery.headers,
			});
		}
		return answer;
	}

	/**
	 * Fires a real charge event in the sandbox and waits for its deliveries; they must run A (or B) once each.
	 * @param {string} event
	 */
	async realEvent(event) {
		const chargeId = CHARGES[this.chargeTurn++ % CHARGES.length];
		const records = this.stack.sandbox.triggerChargeEvent(chargeId, event);
		await this.stack.sandbox.waitForDeliveries();
		for (const record of records) {
			const trigger =
				record.endpointId === this.A.endpointId
					? 'A'
					: record.endpointId === this.B.endpointId
						? 'B'
						: undefined;
			if (!trigger) continue;
			const body = this.stack.sandbox.deliveryBody(record.id);
			const secret = trigger === 'A' ? this.A.secret : this.B.secret;
			this.valid[trigger].push({
				id: record.id,
				label: `real ${event} from the sandbox`,
				answer: { status: record.lastStatus, text: '', error: record.lastError ?? undefined },
				body,
				// The headers the sandbox sent, to replay it byte for byte.
				headers: deliveryHeaders({
					secret,
					rawBody: body,
					deliveryId: record.id,
					event: record.event,
				}),
			});
		}
		return records;
	}

	/**
	 * Sends a valid delivery signed here (one of the accepted variants) to A.
	 * @param {import('./attacks/delivery').BuiltDelivery} delivery
	 */
	async signedValid(delivery) {
		attacks.resolve([delivery], this.context());
		const answer = await send(this.A.url, { body: delivery.body, headers: delivery.headers });
		this.valid.A.push({
			id: delivery.ids[0],
			label: delivery.label,
			answer,
			body: delivery.body,
			headers: delivery.headers,
		});
	}

	/** @returns {import('./attacks/delivery').AttackContext} */
	context() {
		const { canaries } = this.stack;
		return {
			secret: this.A.secret,
			otherSecret: this.B.secret,
			endpointId: this.A.endpointId,
			webhookUrl: this.A.url,
			secretKey: canaries.secretKey,
			publicKey: canaries.publicKey,
			unselectedEvents: UNSELECTED_FOR_A,
		};
	}
}

module.exports = {
	AttackRun,
	EVENTS_A,
	EVENTS_B,
	activateTrigger,
	noteAttackTriggers,
	publishTrigger,
};
