'use strict';
/**
 * Measures, in a real n8n, what it keeps of the static data a trigger's webhook() writes: the question behind the
 * duplicate window living in memory (docs/trigger.md).
 *
 *   bash scripts/node24.sh node lab/scripts/measureStaticData.js [n8n version]   (default: the primary; e.g. 1.123.81)
 *
 * One n8n (regular mode, SQLite) with the probe trigger of lab/scripts/staticDataProbe/ loaded as a custom node, and two
 * workflows: the probe answering when received, and the probe answering after the workflow (probe → Wait 3 s). The
 * script sends deliveries, restarts n8n, deactivates and activates a workflow while a delivery runs, and reads the
 * workflow row in n8n's database after each step. It prints one line per question and writes them as the report
 * static-data-<version>.md (lab/lib/results.js); the raw observations go to lab/results/static-data/.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { randomUUID } = require('crypto');
const n8n = require('../lib/n8n');
const { stopAll, stopAllOnSignals } = require('../lib/processes');
const { sleep } = require('../../scripts/lib/wait');
const { chain, waitNode } = require('../lib/workflows');
const { resultsDir, writeReport } = require('../lib/results');
const { storedStaticData } = require('../lib/staticData');

const PROBE_DIR = path.join(__dirname, 'staticDataProbe');
const PROBE_TYPE = 'CUSTOM.staticDataProbe';
const PROBE_NAME = 'Static Data Probe';
const RUN_SECONDS = 3;
const RESULTS_DIR = resultsDir('static-data');

/** The probe's static data as n8n's database holds it now. */
const storedProbeData = (userFolder, workflowId) =>
	storedStaticData(userFolder, workflowId, PROBE_NAME);

function probeWorkflow(name, mode) {
	const webhookId = randomUUID();
	const probe = {
		name: PROBE_NAME,
		type: PROBE_TYPE,
		typeVersion: 1,
		webhookId,
		parameters: { mode },
	};
	const wait = waitNode('Run for a while', { amount: RUN_SECONDS, unit: 'seconds' });
	return { webhookId, workflow: chain(name, mode === 'lastNode' ? [probe, wait] : [probe]) };
}

async function startProbeN8n(n8nDir, userFolder) {
	return await n8n.startN8n({ n8nDir, userFolder, env: { N8N_CUSTOM_EXTENSIONS: PROBE_DIR } });
}

async function main() {
	stopAllOnSignals((signal) => console.log(`\n${signal}: stopping n8n`));
	const version = process.argv[2] || n8n.PRIMARY_N8N_VERSION;
	n8n.versionUnderTest(version);
	const n8nDir = await n8n.installN8n(version);
	const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-static-data-'));
	const observed = {};
	const findings = [];
	let instance = await startProbeN8n(n8nDir, userFolder);
	try {
		let client = new n8n.N8nClient(instance.url, instance.version);
		await client.ensureOwner();
		await client.createApiKey('static-data');
		const send = async (webhookId, id, run = true) => {
			const response = await fetch(`${instance.url}/webhook/${webhookId}/probe`, {
				method: 'POST',
				headers: { 'content-type': 'application/json' },
				body: JSON.stringify(run ? { id } : { id, run: false }),
				signal: AbortSignal.timeout(60_000),
			});
			const text = await response.text();
			return { status: response.status, body: text ? JSON.parse(text) : undefined };
		};

		const received = probeWorkflow('Probe: when received', 'onReceived');
		const afterRun = probeWorkflow('Probe: after the workflow', 'lastNode');
		const a = await client.createWorkflow(received.workflow);
		const b = await client.createWorkflow(afterRun.workflow);
		await client.activateWorkflow(a.id);
		await client.activateWorkflow(b.id);
		const stored = (workflow) => storedProbeData(userFolder, workflow.id);
		observed.activated = { a: stored(a), b: stored(b) };
		assert.ok(observed.activated.a.secret, 'activation saved no secret');

		// 1. When received: is what webhook() writes saved, and when?
		const first = await send(received.webhookId, 'd1');
		await sleep(500);
		observed.receivedAfterD1 = stored(a);
		const second = await send(received.webhookId, 'd2');
		observed.d2Loaded = second.body?.loaded;
		findings.push([
			'When received: what webhook() writes to static data is saved',
			observed.receivedAfterD1.seen?.includes('admitted:d1') ? 'yes' : 'no',
			`after d1 the row holds ${JSON.stringify(observed.receivedAfterD1.seen ?? [])}; d2 loaded ${JSON.stringify(observed.d2Loaded?.seen)} (answered ${first.status}, ${second.status})`,
		]);
		findings.push([
			'When received: what is written as n8n sends the answer (a window of deliveries that succeeded) is saved',
			observed.receivedAfterD1.seen?.includes('answered:d1') ? 'yes' : 'no',
			'`answered:d1` is written in response.end',
		]);

		// 1b. A request the node answers itself, starting no run (a duplicate, a forged delivery).
		const noRun = await send(received.webhookId, 'n1', false);
		await sleep(500);
		observed.afterNoRun = stored(a);
		findings.push([
			'A request that starts no run (the node answers it itself): what webhook() writes is saved',
			observed.afterNoRun.seen?.includes('admitted:n1') ? 'yes' : 'no',
			`after n1 (answered ${noRun.status}) the row holds ${JSON.stringify(observed.afterNoRun.seen ?? [])}`,
		]);

		// 2. After the workflow: saved before or after the run, and is the answer's write saved?
		const running = send(afterRun.webhookId, 'd3');
		await sleep(1_000);
		observed.lastNodeDuringRun = stored(b);
		const third = await running;
		await sleep(500);
		observed.lastNodeAfterRun = stored(b);
		findings.push([
			'After the workflow: what webhook() writes is saved',
			observed.lastNodeAfterRun.seen?.includes('admitted:d3')
				? observed.lastNodeDuringRun.seen?.includes('admitted:d3')
					? 'yes, while the run goes on'
					: 'yes, when the run has ended (not while it runs)'
				: 'no',
			`1 s into the ${RUN_SECONDS} s run the row holds ${JSON.stringify(observed.lastNodeDuringRun.seen ?? [])}; after the answer (${third.status}) ${JSON.stringify(observed.lastNodeAfterRun.seen ?? [])}`,
		]);
		findings.push([
			'After the workflow: what is written as n8n sends the 2xx is saved',
			observed.lastNodeAfterRun.seen?.includes('answered:d3') ? 'yes' : 'no',
			'`answered:d3` is written in response.end, when the run succeeded',
		]);

		// 3. A restart of the process.
		const secretBefore = stored(a).secret;
		const savedBefore = stored(a).seen ?? [];
		await instance.stop();
		instance = await startProbeN8n(n8nDir, userFolder);
		client = new n8n.N8nClient(instance.url, instance.version);
		await client.ensureOwner();
		await client.createApiKey('static-data');
		const afterRestart = await send(received.webhookId, 'd4');
		observed.d4Loaded = afterRestart.body?.loaded;
		findings.push([
			'A restart keeps what n8n saved (the next delivery loads it)',
			savedBefore.length > 0 &&
			JSON.stringify(observed.d4Loaded?.seen) === JSON.stringify(savedBefore)
				? 'yes'
				: 'no',
			`before the restart the row held ${JSON.stringify(savedBefore)}; after it d4 loaded ${JSON.stringify(observed.d4Loaded?.seen)}; the secret ${observed.d4Loaded?.secret === secretBefore ? 'unchanged (n8n did not activate the trigger again)' : 'changed'}`,
		]);

		// 4. The race: an activation saves a new secret while a delivery (after the workflow) runs.
		const racing = send(afterRun.webhookId, 'd5');
		await sleep(1_000);
		const secretLoadedByD5 = stored(b).secret;
		await client.deactivateWorkflow(b.id);
		await client.activateWorkflow(b.id);
		const secretSavedByActivation = stored(b).secret;
		const racingAnswer = await racing;
		await sleep(500);
		const secretAfterD5 = stored(b).secret;
		const next = await send(afterRun.webhookId, 'd6');
		await sleep(RUN_SECONDS * 1000 + 500);
		observed.race = {
			secretLoadedByD5,
			secretSavedByActivation,
			secretAfterD5,
			d5Status: racingAnswer.status,
			d6Status: next.status,
			afterD6: stored(b),
		};
		findings.push([
			'A delivery running while the workflow is activated again writes the old secret back',
			secretAfterD5 === secretLoadedByD5 && secretLoadedByD5 !== secretSavedByActivation
				? 'yes'
				: 'no',
			`activation saved a new secret; when d5's run ended (${racingAnswer.status}) the row held ${secretAfterD5 === secretLoadedByD5 ? 'the secret d5 had loaded, the old one' : secretAfterD5 === secretSavedByActivation ? 'the new secret' : `another secret (${secretAfterD5})`}`,
		]);
	} finally {
		await instance.stop();
	}
	fs.writeFileSync(
		path.join(RESULTS_DIR, `${version}.json`),
		`${JSON.stringify({ version, date: new Date().toISOString(), findings, observed }, null, 2)}\n`,
	);
	const day = new Date().toISOString().slice(0, 10);
	const table = [
		`# What n8n ${version} keeps of a trigger's static data`,
		'',
		`Measured by \`lab/scripts/measureStaticData.js ${version}\` on ${day} (n8n ${version}, regular mode, SQLite):`,
		'',
		'| Question | Answer | Observed |',
		'|---|---|---|',
		...findings.map((row) => `| ${row.join(' | ')} |`),
	].join('\n');
	console.log(`\n${table}\n`);
	writeReport(`static-data-${version}.md`, table);
	fs.rmSync(userFolder, { recursive: true, force: true });
}

main().then(
	async () => await stopAll(),
	async (error) => {
		console.error(error);
		await stopAll();
		process.exit(1);
	},
);
