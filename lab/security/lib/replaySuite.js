'use strict';
/**
 * Part 1, replays: the replay, relabel and planted-id attacks (./attacks/replays.js) in each signature family, inside
 * the replay window (the signed timestamp within the trigger's Timestamp Tolerance) and outside it, against a trigger
 * at its defaults; and, against a trigger whose Event Named Only in a Header is Ignore the Header, a body that names
 * no event while X-Event names another.
 * Both triggers include the request headers in their item (only so that each execution can be counted against the
 * request that caused it: ./replayChecks.js).
 */
const { randomUUID } = require('crypto');
const { sleep } = require('../../../scripts/lib/wait');
const { send } = require('../../lib/http');
const { EVENTS_A, activateTrigger, noteAttackTriggers } = require('./attackRun');
const { FAMILIES } = require('../../lib/signatureFamilies');
const {
	attacksOn,
	captured,
	headerEventDeliveries,
	nowSeconds,
	victim,
} = require('./attacks/replays');
const { verifyReplays } = require('./replayChecks');
const { signatureMacs } = require('./leaks');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('./attackRun').Trigger} Trigger
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {import('../../lib/signatureFamilies').Family} Family
 * @typedef {import('./attacks/replays').Copy} Copy
 * @typedef {'inside' | 'outside'} Window
 * @typedef {{ status: number, text?: string, runs: 0 | 1 }} Expect
 * @typedef {{ trigger: 'replays' | 'ignore', family: Family, window?: Window, copy: Copy, expect: Expect,
 *   answer: import('../../lib/http').Answer }} SentCopy
 */

/**
 * The trigger's default Timestamp Tolerance (docs/chosen-defaults.md), which the replays trigger keeps: outside it a
 * timestamped signature is refused.
 */
const TOLERANCE_SECONDS = 300;
/**
 * The captured deliveries of the "outside" round are signed this much less than the tolerance ago: they have as
 * long to be verified (so they run), and the round's replays wait as long for the timestamps to leave the window.
 */
const MARGIN_SECONDS = 15;

/** @type {Record<string, Expect>} */
const EXPECT = {
	runs: { status: 200, runs: 1 },
	duplicate: { status: 200, text: 'duplicate delivery', runs: 0 },
	stale: { status: 401, text: 'outside the tolerance', runs: 0 },
};

/**
 * Runs the attacks, then the checks; returns what n8n answered and the signatures sent (for part 2's search).
 * @param {Report} report
 * @param {SecurityStack} stack
 */
async function runReplayAttacks(report, stack) {
	const replays = await activateTrigger(stack, 'Security: replays', EVENTS_A, {
		includeHeaders: true,
	});
	const ignore = await activateTrigger(stack, 'Security: event in a header ignored', EVENTS_A, {
		includeHeaders: true,
		unsignedEventName: 'ignore',
	});
	noteAttackTriggers(stack, { replays, 'event in a header ignored': ignore });
	/** @type {SentCopy[]} */
	const sent = [];
	/**
	 * @param {Omit<SentCopy, 'answer'>} what
	 */
	const sendCopy = async (what) => {
		const { url } = what.trigger === 'replays' ? replays : ignore;
		const answer = await send(url, { body: what.copy.body, headers: what.copy.headers });
		sent.push({ ...what, answer });
	};
	/**
	 * The attacks on `original` (already sent), then the victim's delivery.
	 * @param {Family} family
	 * @param {Window} window
	 * @param {Copy} original
	 */
	const attack = async (family, window, original) => {
		const victimId = randomUUID();
		const refused = window === 'outside' && family.timestamped ? EXPECT.stale : EXPECT.duplicate;
		for (const copy of attacksOn(original, victimId)) {
			await sendCopy({ trigger: 'replays', family, window, copy, expect: refused });
		}
		const real = victim(family, replays.secret, victimId);
		await sendCopy({ trigger: 'replays', family, window, copy: real, expect: EXPECT.runs });
	};

	for (const family of FAMILIES) {
		const original = captured(family, replays.secret);
		await sendCopy({
			trigger: 'replays',
			family,
			window: 'inside',
			copy: original,
			expect: EXPECT.runs,
		});
		await attack(family, 'inside', original);
	}

	// Outside: captured deliveries signed MARGIN_SECONDS short of the tolerance ago (each just before it is sent) run
	// when first sent; their replays are sent once the clock has taken the last of their timestamps out of the window.
	let lastSignedAt = 0;
	const outside = [];
	for (const family of FAMILIES) {
		lastSignedAt = nowSeconds() - TOLERANCE_SECONDS + MARGIN_SECONDS;
		const original = captured(family, replays.secret, lastSignedAt);
		await sendCopy({
			trigger: 'replays',
			family,
			window: 'outside',
			copy: original,
			expect: EXPECT.runs,
		});
		outside.push({ family, original });
	}
	for (const family of FAMILIES) {
		for (const copy of headerEventDeliveries(family, ignore.secret)) {
			await sendCopy({ trigger: 'ignore', family, copy, expect: EXPECT.runs });
		}
	}
	await sleep(Math.max(0, (lastSignedAt + TOLERANCE_SECONDS + 1) * 1000 - Date.now()));
	for (const { family, original } of outside) await attack(family, 'outside', original);

	await verifyReplays(report, stack, { replays, ignore }, sent);
	return {
		answers: sent.map((s) => s.answer.text),
		signatures: sent.flatMap((s) => signatureMacs(s.copy.headers)),
	};
}

module.exports = { runReplayAttacks };
