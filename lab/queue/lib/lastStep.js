'use strict';
const { startReceiver } = require('../../../test/harness/receiver');
const { FAILING_ONCE_EVENTS } = require('./cells');

/** The Last Step receiver's path for the workflows of the fault parts. */
const LAST_STEP_PATH = '/last-step';
/**
 * Its path for the workflows the user fixes while the platform resends (lib/republish.js): it answers 500 until the
 * workflow sends the platform's User-Agent, which only a trigger with Include Headers passes on.
 */
const NEEDS_USER_AGENT_PATH = '/needs-user-agent';

/**
 * The suite's Last Step receiver: on LAST_STEP_PATH it answers 500 to the first call for a delivery of
 * FAILING_ONCE_EVENTS, 200 otherwise; on NEEDS_USER_AGENT_PATH, 500 to a call without a userAgent. `answered` keeps
 * what it answered per delivery id: evidence that a run reached its last step that does not depend on the execution
 * n8n saved (a loss is then told apart from an execution n8n recorded without its data).
 */
async function startLastStep() {
	/** @type {Set<string>} */
	const failedOnce = new Set();
	/** @type {Map<string, number[]>} */
	const answered = new Map();
	const answer = (/** @type {string | undefined} */ deliveryId, /** @type {number} */ status) => {
		if (deliveryId) answered.set(deliveryId, [...(answered.get(deliveryId) ?? []), status]);
		return status;
	};
	const receiver = await startReceiver((request) => {
		let fields = {};
		try {
			fields = JSON.parse(request.rawBody.toString('utf8'));
		} catch {
			// Not JSON: answered 200 below.
		}
		const { deliveryId, event, userAgent } = /** @type {{ deliveryId?: string, event?: string,
		 *   userAgent?: string }} */ (fields);
		if (request.path === NEEDS_USER_AGENT_PATH && !userAgent) {
			return { status: answer(deliveryId, 500), body: { message: 'userAgent is required' } };
		}
		if (deliveryId && FAILING_ONCE_EVENTS.includes(String(event)) && !failedOnce.has(deliveryId)) {
			failedOnce.add(deliveryId);
			return { status: answer(deliveryId, 500), body: { message: 'the last step fails once' } };
		}
		return { status: answer(deliveryId, 200), body: { ok: true } };
	});
	return Object.assign(receiver, { answered });
}

module.exports = { LAST_STEP_PATH, NEEDS_USER_AGENT_PATH, startLastStep };
