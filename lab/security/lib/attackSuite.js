'use strict';
/**
 * Part 1: attacks against an active Payment Platform Trigger in the real n8n.
 *
 * Two trigger workflows are activated: A (charge.captured, charge.refunded, charge.chargeback) is the target; B
 * (charge.authorized) is "another endpoint" whose real deliveries and secret are used against A. Each attack group
 * is sent in turn, and after each one valid deliveries: a real one from the sandbox and one signed here in another
 * accepted variant. At the end every delivery's status is checked, every execution is traced back to the delivery
 * that caused it (by the id in the trigger's item), and n8n's health is checked (./attackChecks.js).
 */
const { verify } = require('./attackChecks');
const {
	AttackRun,
	EVENTS_A,
	EVENTS_B,
	activateTrigger,
	noteAttackTriggers,
} = require('./attackRun');
const attacks = require('./attacks');
const { allExecutions } = require('../../lib/executions');
const { inParallel, send } = require('../../lib/http');

/**
 * @typedef {import('./stack').SecurityStack} SecurityStack
 * @typedef {import('../../lib/groupReport').Report} Report
 * @typedef {import('./attackChecks').SentGroup} SentGroup
 * @typedef {import('./attacks/delivery').Delivery} Delivery
 */

const REPLAY_TITLE = 'replayed (same signed bytes)';
const MIX_TITLE = 'concurrent mix (attacks + valid)';
/** The groups whose first deliveries go into the concurrent mix. */
const MIXED_GROUPS = [
	'unsigned',
	'wrongSecret',
	'tampered',
	'truncated',
	'algorithm',
	'unselected',
	'headers',
];

/**
 * Runs the attacks against two triggers it activates; they stay active (part 2 looks at where an active trigger keeps
 * its secret).
 * @param {Report} report
 * @param {SecurityStack} stack
 */
async function runAttacks(report, stack) {
	const executionsBefore = (await allExecutions(stack.client, {})).length;
	const A = await activateTrigger(stack, 'Security: trigger A', EVENTS_A);
	const B = await activateTrigger(stack, 'Security: trigger B', EVENTS_B);
	const run = new AttackRun(stack, { A, B });
	stack.triggers = { A, B };
	noteAttackTriggers(stack, { A, B });
	const variants = attacks.validVariants(40);
	let nextVariant = 0;
	/** Valid deliveries between two groups: a real one from the sandbox and one signed here. */
	const validBetween = async (/** @type {number} */ i) => {
		await run.realEvent(EVENTS_A[i % EVENTS_A.length]);
		await run.signedValid(variants[nextVariant++]);
	};

	// B's real deliveries: they run B, and are then replayed against A.
	for (let i = 0; i < 6; i++) await run.realEvent('charge.authorized');
	await validBetween(0);

	/** @type {SentGroup[]} */
	const groups = [];
	for (const [i, group] of attacks.GROUPS.entries()) {
		groups.push(await sendGroup(run, group.title, group.build(run.context())));
		await validBetween(i + 1);
	}
	const capturedFromB = run.valid.B.slice(0, 6);
	groups.push(
		await sendGroup(
			run,
			'valid signature for another endpoint',
			attacks.anotherEndpoint(run.context(), capturedFromB),
		),
	);
	await validBetween(groups.length);
	groups.push(await sendReplays(run));
	await validBetween(groups.length);
	groups.push(await sendConcurrentMix(run));
	await sendLateReplays(run, groups);
	await validBetween(groups.length + 1);

	return await verify(report, stack, run, groups, executionsBefore);
}

/**
 * Signs and sends one group's deliveries, one after another.
 * @param {AttackRun} run
 * @param {string} title
 * @param {Delivery[]} deliveries
 * @returns {Promise<SentGroup>}
 */
async function sendGroup(run, title, deliveries) {
	for (const delivery of attacks.resolve(deliveries, run.context())) {
		await run.sendDelivery(title, delivery);
	}
	return { title, count: deliveries.length };
}

/**
 * Replays of accepted deliveries: by hand, by the platform itself (redeliver), and a burst of the same new delivery
 * at once (the first of the burst is a valid delivery, the others replays).
 * @param {AttackRun} run
 * @returns {Promise<SentGroup>}
 */
async function sendReplays(run) {
	const { sandbox } = run.stack;
	// Replays keep the signed bytes and change or drop the unsigned header id: the same delivery, whatever its body.
	const replays = attacks.replayed(run.valid.A.filter((v) => v.answer.status === 200));
	for (const delivery of replays) await run.sendDelivery(REPLAY_TITLE, delivery);
	let count = replays.length;
	for (const original of run.valid.A.filter((v) => v.label.startsWith('real')).slice(0, 3)) {
		sandbox.redeliver(original.id);
		await sandbox.waitForDeliveries();
		const record = sandbox.deliveries.find((d) => d.id === original.id);
		run.sent.push({
			group: REPLAY_TITLE,
			delivery: {
				label: `platform redelivery of ${original.id.slice(0, 8)}`,
				ids: [original.id],
				expectStatus: 200,
			},
			answer: {
				status: record?.lastStatus ?? null,
				text: '',
				error: record?.lastError ?? undefined,
			},
		});
		count++;
	}
	const [burst] = attacks.resolve(attacks.validVariants(1), run.context());
	const burstAnswers = await Promise.all(
		Array.from({ length: 12 }, () => send(run.A.url, { body: burst.body, headers: burst.headers })),
	);
	// The one that ran is the answer that is not a refusal (duplicate, or still running), whichever came first.
	const ran =
		burstAnswers.find((a) => a.status === 200 && !a.text.includes('ignored')) ?? burstAnswers[0];
	run.valid.A.push({
		id: burst.ids[0],
		label: 'valid: the one run of a burst of 12 identical deliveries',
		answer: ran,
		body: /** @type {Buffer} */ (burst.body),
		headers: /** @type {Record<string, string>} */ (burst.headers),
	});
	// The trigger answers after the workflow succeeds: those that come while the first is still running get 503
	// with Retry-After (send again later), those after it 200 duplicate.
	const refused = [attacks.STATUS.ignored, attacks.STATUS.stillRunning];
	for (const answer of burstAnswers.filter((a) => a !== ran)) {
		run.sent.push({
			group: REPLAY_TITLE,
			delivery: {
				label: 'same delivery sent 12 times at once',
				ids: burst.ids,
				expectStatus: refused,
			},
			answer,
		});
		count++;
	}
	return { title: REPLAY_TITLE, count };
}

/**
 * Everything at once: attacks of every kind mixed with valid deliveries (one after every four attacks), 12 in flight.
 * @param {AttackRun} run
 * @returns {Promise<SentGroup>}
 */
async function sendConcurrentMix(run) {
	/** @type {Delivery[]} */
	const mixed = [];
	for (const group of attacks.GROUPS.filter((g) => MIXED_GROUPS.includes(g.key))) {
		mixed.push(...attacks.resolve(group.build(run.context()), run.context()).slice(0, 7));
	}
	const mixedValid = attacks
		.resolve(
			attacks.validVariants(14).filter((v) => !v.label.includes('1 MiB body')),
			run.context(),
		)
		.filter((v) => v.valid)
		.slice(0, 12);
	const sendValid = async (/** @type {import('./attacks/delivery').BuiltDelivery} */ valid) => {
		const answer = await send(run.A.url, { body: valid.body, headers: valid.headers });
		run.valid.A.push({
			id: valid.ids[0],
			label: `${valid.label} (in the concurrent mix)`,
			answer,
			body: valid.body,
			headers: valid.headers,
		});
	};
	/** @type {Array<() => Promise<unknown>>} */
	const tasks = mixed.flatMap((delivery, i) => [
		() => run.sendDelivery(MIX_TITLE, delivery),
		...(i % 4 === 3 && mixedValid[(i - 3) / 4] ? [() => sendValid(mixedValid[(i - 3) / 4])] : []),
	]);
	await inParallel(tasks, 12);
	return { title: MIX_TITLE, count: mixed.length };
}

/**
 * Late replays of the very first delivery, after all of the above; counted with the replays.
 * @param {AttackRun} run
 * @param {SentGroup[]} groups
 */
async function sendLateReplays(run, groups) {
	const first = run.valid.A[0];
	for (let i = 0; i < 2; i++) {
		await run.sendDelivery(REPLAY_TITLE, {
			label: `late replay of the first delivery ${first.id.slice(0, 8)}`,
			body: first.body,
			headers: first.headers,
			ids: [first.id],
			expectStatus: 200,
			expectText: 'duplicate delivery',
		});
	}
	const replays = groups.find((g) => g.title === REPLAY_TITLE);
	if (replays) replays.count = (replays.count ?? 0) + 2;
}

module.exports = { runAttacks };
