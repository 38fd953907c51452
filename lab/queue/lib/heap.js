'use strict';
/**
 * What a webhook process keeps of a trigger across publishes, measured: the V8 heap of each webhook process, after a
 * full garbage collection, after a first round of deliveries (n8n warms its own caches then) and after each of
 * REPUBLISHES more rounds, each after a publish that changes the trigger (so that n8n runs its hooks on both
 * publishing paths). The duplicate window is the one
 * thing a delivery leaves behind in a webhook process; it is bounded per window (Duplicate Window Size, here
 * WINDOW_SIZE) and a webhook process never runs the hooks, so what it keeps across publishes is what this measures.
 * Figures are printed and written into the table; nothing is asserted on them. Asserted: after each publish, the last
 * delivery each webhook process ran, sent again, is answered "duplicate delivery" (its window outlived the publish).
 *
 * The heap is read through the inspector protocol (each webhook process started with `--inspect` on loopback):
 * HeapProfiler.collectGarbage, then Runtime.getHeapUsage.
 */
const { randomUUID } = require('crypto');
const { signedHeaders } = require('../../../sandbox/signature');
const { inParallel, send } = require('../../lib/http');
const { sleep, waitFor } = require('../../../scripts/lib/wait');
const { endpointChanges } = require('./parts');
const { triggerWorkflow } = require('../../lib/workflows');
const { WEBHOOKS } = require('./cells');

/**
 * @typedef {import('./queueRun').QueueRun} QueueRun
 * @typedef {import('./queueRun').AddedWorkflow} AddedWorkflow
 */

/** Publishes after the first round. */
const REPUBLISHES = 5;
/** Deliveries per round and webhook process, each new (a window entry each). */
const DELIVERIES_PER_ROUND = 300;
/** The trigger's Duplicate Window Size: one round's deliveries per webhook process. */
const WINDOW_SIZE = DELIVERIES_PER_ROUND;
/** Requests in flight per webhook process. */
const CONCURRENCY = 6;
const EVENT = 'charge.partially_refunded';

/**
 * One trigger, answering when received, alone in its workflow (each delivery's execution does nothing), whose
 * successful executions are not saved.
 * @param {{ id: string, name: string }} credential
 */
function heapWorkflow(credential) {
	const { webhookId, workflow } = triggerWorkflow('Heap across publishes', [EVENT], credential, {
		duplicateWindowSize: WINDOW_SIZE,
	});
	const [trigger] = workflow.nodes;
	trigger.parameters = { ...trigger.parameters, acknowledge: 'onReceived' };
	return {
		webhookId,
		workflow: { ...workflow, settings: { ...workflow.settings, saveDataSuccessExecution: 'none' } },
	};
}

/**
 * Sends one command over an inspector session and resolves with its result.
 * @param {WebSocket} socket
 * @param {number} id
 * @param {string} method
 */
function command(socket, id, method) {
	return new Promise((resolve, reject) => {
		const onMessage = (/** @type {MessageEvent} */ event) => {
			const message = JSON.parse(String(event.data));
			if (message.id !== id) return;
			socket.removeEventListener('message', onMessage);
			if (message.error) reject(new Error(`${method}: ${message.error.message}`));
			else resolve(message.result);
		};
		socket.addEventListener('message', onMessage);
		socket.send(JSON.stringify({ id, method }));
	});
}

/**
 * The used V8 heap of the process listening for the inspector on `port`, after full garbage collections, in bytes.
 * @param {number} port
 */
async function heapAfterGc(port) {
	const targets = /** @type {Array<{ webSocketDebuggerUrl: string }>} */ (
		await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()
	);
	const socket = new WebSocket(targets[0].webSocketDebuggerUrl);
	await new Promise((resolve, reject) => {
		socket.addEventListener('open', resolve, { once: true });
		socket.addEventListener('error', () => reject(new Error(`no inspector on ${port}`)), {
			once: true,
		});
	});
	try {
		await command(socket, 1, 'HeapProfiler.collectGarbage');
		await command(socket, 2, 'HeapProfiler.collectGarbage');
		const usage = /** @type {{ usedSize: number }} */ (
			await command(socket, 3, 'Runtime.getHeapUsage')
		);
		return usage.usedSize;
	} finally {
		socket.close();
	}
}

/**
 * Sends one signed delivery (signed with the secret of the endpoint registered now: a publish may have registered
 * another one) to one webhook process.
 * @param {QueueRun} run
 * @param {AddedWorkflow} workflow
 * @param {string} processName
 * @param {Buffer} body
 */
function sendSigned(run, workflow, processName, body) {
	const url = `${run.services().cluster.url(processName)}/${workflow.webhookPath}`;
	const secret = run.endpointAt(workflow.endpointUrl)?.secret ?? '';
	const headers = {
		'content-type': 'application/json',
		...signedHeaders('raw-body', secret, body, ''),
	};
	return send(url, { body, headers });
}

/**
 * Sends DELIVERIES_PER_ROUND new signed deliveries to one webhook process, each until it is answered 2xx (a 401 or
 * 404 while a publish is being applied is sent again); returns how many answers were not 2xx, and the last body sent.
 * @param {QueueRun} run
 * @param {AddedWorkflow} workflow
 * @param {string} processName
 */
async function sendRound(run, workflow, processName) {
	let retried = 0;
	let last = Buffer.alloc(0);
	const tasks = Array.from({ length: DELIVERIES_PER_ROUND }, () => async () => {
		const id = randomUUID();
		const body = Buffer.from(
			JSON.stringify({
				id,
				event: EVENT,
				charge: { id: randomUUID() },
				occurred_at: new Date().toISOString(),
			}),
		);
		for (let attempt = 1; attempt <= 60; attempt++) {
			const answer = await sendSigned(run, workflow, processName, body);
			if (answer.status !== null && answer.status >= 200 && answer.status < 300) {
				last = body;
				return;
			}
			retried += 1;
			await sleep(500);
		}
		throw new Error(`delivery ${id} to ${processName} never answered 2xx`);
	});
	await inParallel(tasks, CONCURRENCY);
	return { retried, last };
}

/** @param {number} bytes */
const mib = (bytes) => (bytes / 1024 / 1024).toFixed(2);

/**
 * @param {QueueRun} run
 */
async function heapPart(run) {
	const { report } = run;
	const { cluster, sandbox } = run.services();
	const { client, credential } = run.workflow();
	const workflow = await run.addWorkflow(
		'Heap across publishes',
		heapWorkflow(credential),
		'resend-every-failure',
	);
	await run.publish([workflow]);
	const heapOf = async () =>
		Object.fromEntries(
			await Promise.all(
				WEBHOOKS.map(async (name) => [name, await heapAfterGc(cluster.inspectorPort(name))]),
			),
		);
	let retried = 0;
	/** @type {Record<string, Buffer>} the last delivery each webhook process ran */
	const lastRan = {};
	const round = async () => {
		for (const name of WEBHOOKS) {
			const sent = await sendRound(run, workflow, name);
			retried += sent.retried;
			lastRan[name] = sent.last;
		}
	};
	await round();
	/** @type {Array<Record<string, number>>} */
	const heaps = [await heapOf()];
	const endpointIds = new Set([run.endpointAt(workflow.endpointUrl)?.id]);
	let includeHeaders = false;
	/** @type {Array<{ label: string, ok: boolean, problem: string }>} */
	const resends = [];
	for (let publish = 1; publish <= REPUBLISHES; publish++) {
		includeHeaders = !includeHeaders;
		const nodes = workflow.saved.nodes.map((/** @type {any} */ node) =>
			node.name === 'Payment Platform Trigger'
				? {
						...node,
						parameters: {
							...node.parameters,
							options: { ...node.parameters.options, includeHeaders },
						},
					}
				: node,
		);
		const requestsBefore = sandbox.requests.length;
		await client.saveAndPublish(workflow.workflowId, { nodes });
		// Applied once the trigger's checkExists has read the endpoint list (after the call, with the publication
		// service); then each process gets the last delivery it ran again.
		await waitFor(
			'the publish to reach the trigger',
			() => endpointChanges(sandbox, requestsBefore).listed > 0,
			{
				timeoutMs: 60_000,
			},
		);
		for (const name of WEBHOOKS) {
			const answer = await sendSigned(run, workflow, name, lastRan[name]);
			resends.push({
				label: `${name}, publish ${publish}`,
				ok: answer.status === 200 && answer.text.includes('duplicate delivery'),
				problem: `answered ${answer.status}: ${answer.text.slice(0, 200)}`,
			});
		}
		await round();
		endpointIds.add(run.endpointAt(workflow.endpointUrl)?.id);
		heaps.push(await heapOf());
	}
	const rows = WEBHOOKS.map((name) => ({
		'webhook process': name,
		...Object.fromEntries(
			heaps.map((heap, i) => [
				i === 0 ? 'after the first round' : `after publish ${i} and its round`,
				mib(heap[name]),
			]),
		),
		growth: mib(heaps[heaps.length - 1][name] - heaps[0][name]),
	}));
	report.table(
		`Heap of each webhook process (MiB after a full GC): ${DELIVERIES_PER_ROUND} new deliveries per round and process, Duplicate Window Size ${WINDOW_SIZE}, ${REPUBLISHES} publishes changing the trigger`,
		rows,
	);
	report.group(
		'after each publish, the last delivery a webhook process ran, sent again, is answered "duplicate delivery" (one window per webhook across publishes)',
		resends,
	);
	console.log(
		`     heap part: ${endpointIds.size} endpoint(s) registered over the ${REPUBLISHES + 1} rounds; ${retried} answers not 2xx sent again; ${run.publicationService ? "n8n's publication service" : 'older publishing path'}`,
	);
}

module.exports = { heapPart };
