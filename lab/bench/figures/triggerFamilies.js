'use strict';
/**
 * Figure 3, one more dimension: the trigger's accepted deliveries per second with its signature scheme left at
 * Automatic, for deliveries signed in each family (the sandbox's signer, `sandbox/signature.js`): raw body (today's
 * figure 3 deliveries), `t=/v1=`, a timestamp in its own header, Standard Webhooks. One trigger workflow per family,
 * runs alternating their order; the ratio is each family's rate over the raw-body one in the same run.
 */
const fs = require('fs');
const path = require('path');
const { CONFIG } = require('../config');
const { running } = require('../lib/context');
const { addWorkflow, waitForWebhook } = require('../lib/n8nRuns');
const { log } = require('../lib/runState');
const { fixed, median } = require('../../lib/stats');
const workflows = require('../lib/workflows');
const { deliveryBodies, load, makeDeliveries, secretOf } = require('./trigger');

const EVENT = 'charge.captured';
/** The sandbox's signing schemes, raw body first (the baseline of the ratios). */
const { SIGNING_SCHEMES: FAMILIES } = require('../../../sandbox/signature');
/** Fewer deliveries than figure 3's: four workflows instead of one, on a shared machine. */
const DELIVERIES = CONFIG.quick ? 100 : 300;

/**
 * `count` deliveries signed with `scheme` now (a timestamped family's window is 5 minutes: made right before a run).
 * @param {import('../lib/context').BenchContext} context
 * @param {typeof FAMILIES[number]} scheme
 * @param {string} secret
 * @param {number} count
 */
function familyDeliveries(context, scheme, secret, count) {
	return makeDeliveries(secret, deliveryBodies(context, count), scheme);
}

/**
 * One trigger workflow per family, signature scheme left at Automatic (created once; they stay across a restart).
 * @param {import('../lib/context').BenchContext} context
 */
async function setUpFamilyWorkflows(context) {
	/** @type {Record<string, import('./trigger').TriggerEntry & { secret: string }>} */
	const entries = {};
	for (const family of FAMILIES) {
		const entry = await addWorkflow(
			context,
			workflows.benchTriggerWorkflow(running(context).credential, [EVENT]),
		);
		entries[family] = { ...entry, expected: 0, accepted: 0, secret: secretOf(context, entry) };
	}
	return entries;
}

/**
 * @param {import('../lib/context').BenchContext} context
 * @param {Awaited<ReturnType<typeof setUpFamilyWorkflows>>} entries
 * @param {string} label the n8n setting, for the log
 */
async function figureTriggerFamilies(context, entries, label) {
	for (const family of FAMILIES) {
		await waitForWebhook(context, entries[family]);
		entries[family].secret = secretOf(context, entries[family]);
	}
	/** @param {typeof FAMILIES[number]} family @param {number} count @param {string} name */
	const fileOf = (family, count, name) => {
		const file = path.join(context.workDir, `families-${name}-${family}.json`);
		const deliveries = familyDeliveries(context, family, entries[family].secret, count);
		fs.writeFileSync(file, JSON.stringify(deliveries));
		return file;
	};
	log(`figure 3, signature families (${label}): warm-up`);
	for (const family of FAMILIES) await load(context, entries[family], fileOf(family, 20, 'warm'));

	/** @type {Record<string, number[]>} */
	const rates = Object.fromEntries(FAMILIES.map((family) => [family, []]));
	for (let r = 0; r < CONFIG.triggerRuns; r++) {
		const order = [
			...FAMILIES.slice(r % FAMILIES.length),
			...FAMILIES.slice(0, r % FAMILIES.length),
		];
		for (const family of order) {
			const file = fileOf(family, DELIVERIES, String(r));
			rates[family].push((await load(context, entries[family], file)).perSecond);
			fs.rmSync(file, { force: true });
		}
		log(
			`figure 3, signature families (${label}): run ${r + 1}/${CONFIG.triggerRuns}: ` +
				FAMILIES.map((family) => `${family} ${fixed(rates[family][r], 1)}/s`).join('; '),
		);
	}
	const baseline = rates[FAMILIES[0]];
	return {
		label,
		deliveries: DELIVERIES,
		families: FAMILIES.map((family) => ({
			family,
			perSecond: median(rates[family]),
			ratio: median(rates[family].map((rate, i) => rate / baseline[i])),
			expected: entries[family].expected,
			accepted: entries[family].accepted,
		})),
	};
}

module.exports = { FAMILIES, figureTriggerFamilies, setUpFamilyWorkflows };
