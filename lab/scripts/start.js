'use strict';
/**
 * `npm start` (through lab/scripts/start.sh): the sandbox and a real n8n with this package, ready to click through.
 * The n8n user folder persists (DEMO_USER_FOLDER), so a second start is fast and keeps the user's work; the sandbox
 * starts from its seed data every time. SANDBOX_SIGNING picks how the sandbox signs deliveries (sandbox/README.md).
 */
const path = require('path');
const n8n = require('../lib/n8n');
const { stopAll, stopAllOnSignals } = require('../lib/processes');
const { signingFromEnv } = require('../../sandbox/signature');

const N8N_PORT = Number(process.env.DEMO_N8N_PORT || 5678);
const SANDBOX_PORT = Number(process.env.DEMO_SANDBOX_PORT || 4010);
const USER_FOLDER = process.env.DEMO_USER_FOLDER || path.join(n8n.CACHE_DIR, 'demo');
const CHARGE_EVENTS = 'charge-events-to-team-channel';
const ONBOARDING = 'submerchant-onboarding';

const step = (text) => console.log(`\n==> ${text}`);

/** n8n's own output, less its start-up notices (deprecations, the Python runner this setup does not use). */
const N8N_NOISE = /deprecat|^\s+- N8N_|Python task runner|license|Migrations in progress|^\s*$/i;
const showN8nLine = (line) => N8N_NOISE.test(line) || console.log(`[n8n] ${line}`);

async function checkPortsFree() {
	for (const [port, variable] of [
		[N8N_PORT, 'DEMO_N8N_PORT'],
		[SANDBOX_PORT, 'DEMO_SANDBOX_PORT'],
	]) {
		if (await n8n.portInUse(port)) {
			throw new Error(`port ${port} is in use on 127.0.0.1: stop what uses it, or set ${variable}`);
		}
	}
}

function printWelcome(stack, activated) {
	const { instance, sandbox, examples } = stack;
	const authorizedCharge = require('../../sandbox/seedIds').SEED.charges.authorized;
	const lines = [
		'',
		'Payment Platform demo is running',
		'',
		`  n8n editor   ${instance.url}`,
		`  login        ${n8n.DEFAULT_OWNER.email}  /  ${n8n.DEFAULT_OWNER.password}`,
		`  sandbox API  ${sandbox.url}  (keys ${sandbox.publicKey} / ${sandbox.secretKey}, credential "${stack.credential.name}")`,
		`  user folder  ${USER_FOLDER}  (kept between starts; delete it to start over)`,
		'',
		'What to click first',
		`  1. Open ${instance.url}/workflow/${examples[ONBOARDING].id}`,
		`     ("${examples[ONBOARDING].name}") and click "Execute workflow":`,
		'     the sandbox submerchant Ana Souza Atelier gets an address and a document and is submitted for review.',
		'     Double-click any Payment Platform node to see its resources and operations.',
		`  2. "${examples[CHARGE_EVENTS].name}" is ${activated.length ? 'active' : 'not active (publish it first)'}.`,
		'     Fire a charge event in the sandbox:',
		`       curl -s -X POST ${sandbox.url}/__admin/charges/${authorizedCharge}/events \\`,
		`         -H 'content-type: application/json' -d '{"event":"charge.captured"}'`,
		`     then open ${instance.url}/workflow/${examples[CHARGE_EVENTS].id}/executions`,
		`     and read the message it posted: curl -s ${sandbox.url}/__admin/sink`,
		'',
		'Ctrl-C stops n8n and the sandbox.',
	];
	console.log(lines.join('\n'));
}

async function main() {
	let stopping = false;
	stopAllOnSignals(() => {
		stopping = true;
		console.log('\nStopping n8n and the sandbox...');
	});
	await checkPortsFree();

	step('Building the package');
	await n8n.buildPackage();

	// The list's primary version, or another of the list named by N8N_VERSION (e.g. the long-term line's).
	const { version } = n8n.versionUnderTest(process.env.N8N_VERSION || n8n.PRIMARY_N8N_VERSION);
	step(`Installing n8n ${version} (only the first time: about 4-5 minutes)`);
	const n8nDir = await n8n.installN8n(version);

	step(`Starting the sandbox on port ${SANDBOX_PORT} and n8n on port ${N8N_PORT}`);
	const stack = await n8n.startStack({
		n8nDir,
		userFolder: USER_FOLDER,
		apiKeyLabel: 'npm start',
		sandbox: {
			port: SANDBOX_PORT,
			signing: signingFromEnv(process.env.SANDBOX_SIGNING),
			log: (line) => console.log(`[sandbox] ${line}`),
		},
		n8n: { port: N8N_PORT, logLevel: 'warn', onLine: showN8nLine },
	});
	stack.instance.process.exited.then(async ({ code, signal }) => {
		if (stopping) return;
		console.error(`n8n stopped unexpectedly (exit ${code ?? signal}); stopping the sandbox`);
		await stack.stop();
		process.exit(1);
	});

	// The sandbox forgets its webhook endpoints on every start: register the active triggers again, and publish the
	// charge-events example the first time it is imported.
	const activated = await n8n.reregisterTriggerWorkflows(stack.client);
	if (stack.examples[CHARGE_EVENTS].imported) {
		await stack.client.activateWorkflow(stack.examples[CHARGE_EVENTS].id);
		activated.push(stack.examples[CHARGE_EVENTS].name);
	}
	const chargeEvents = await stack.client.getWorkflow(stack.examples[CHARGE_EVENTS].id);
	printWelcome(stack, chargeEvents.active ? [chargeEvents.name] : []);
}

main().catch(async (error) => {
	console.error(`\nnpm start failed: ${error.message}`);
	await stopAll();
	process.exit(1);
});
