/**
 * The deliveries that ran, in n8n's deduplication store (docs/trigger.md, "Where the trigger keeps its state"): the
 * table every n8n process reads, kept across restarts, one row per workflow and node (scope 'node': only this trigger
 * writes it). n8n offers it to a node's execute() only, not to webhook(): the run's first step (execute(), called with
 * the items webhook() returned) reads it, and n8n's answer is what confirms a run.
 *
 * - After the Workflow Succeeds: a delivery is recorded once n8n's answer confirms its run. Where that answer is
 *   written in the process that ran it (n8n's regular mode), it is recorded at once, through the helpers the run's
 *   execute() left in this process; else (queue mode: the webhook process answers, a worker ran it) the webhook
 *   process hands it to the next run it starts, whose execute() records it on the worker.
 * - When Received: n8n answers before the run, so the run's start records it (check and record in one call).
 *
 * n8n's store reads the trigger's one row and writes it whole, without a lock: two calls that overlap lose one's write
 * (a mark that comes back holds a resend for Resend Runs Again After; a record lost runs again). In one process the
 * trigger's calls therefore go one at a time (inLane); between processes (queue mode with several workers) a record
 * another writer overwrote runs again (a duplicate, never a loss). It has no read without a write: a check records the
 * key and the check removes it again at once, so a check that finds a key looks again PROBE_AGAIN_MS later before it
 * believes the key ran.
 */
import type { IExecuteFunctions, INodeExecutionData, Logger } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

type Store = Pick<IExecuteFunctions['helpers'], 'checkProcessedAndRecord' | 'removeProcessed'>;

/** What a webhook process learnt from n8n's answers and could not write; the item of the next run it starts carries it. */
export const CONFIRMED_FIELD = '__paymentPlatformAnswers';

/** Another check's key lives for two database calls; a key found twice this far apart was recorded by a run. */
const PROBE_AGAIN_MS = 1000;

/** How often a run whose delivery another run holds looks again for that run's outcome. */
const WAIT_STEP_MS = 1000;

/** Per trigger (workflow and node), at most this many answers wait for a run to write them. */
const PENDING_MAX = 1000;
/** At most this many ride on one item. */
const CARRIED_MAX = 100;

/** The mark of a run under way: its key with this prefix. */
const claimOf = (key: string) => `running:${key}`;

/** Per trigger: the helpers of its latest run in this process, and the end of its queue of store calls. */
interface TriggerStore {
	store: Store;
	lane: Promise<void>;
}
const storesByTrigger = new Map<string, TriggerStore>();

/** The store's calls for one trigger, one after the other: each `operation` reads and writes the row alone. */
type Lane = <T>(operation: (store: Store) => Promise<T>) => Promise<T>;

function laneOf(entry: TriggerStore): Lane {
	return (operation) => {
		const result = entry.lane.then(async () => await operation(entry.store));
		entry.lane = result.then(
			() => undefined,
			() => undefined,
		);
		return result;
	};
}
/** Per trigger: key → whether n8n's answer confirmed its run. */
const pendingByTrigger = new Map<string, Map<string, boolean>>();

export function triggerKey(workflowId: string | undefined, nodeId: string): string {
	return `${workflowId ?? ''} ${nodeId}`;
}

const options = (maxEntries: number) => ({ mode: 'entries' as const, maxEntries });

async function writeAnswers(
	lane: Lane,
	answers: ReadonlyArray<[string, boolean]>,
	maxEntries: number,
): Promise<void> {
	const ran = answers.filter(([, confirmed]) => confirmed).map(([key]) => key);
	await lane(async (store) => {
		if (ran.length > 0) await store.checkProcessedAndRecord(ran, 'node', options(maxEntries));
		await store.removeProcessed(
			answers.map(([key]) => claimOf(key)),
			'node',
			options(maxEntries),
		);
	});
}

/**
 * After the Workflow Succeeds: n8n answered the run of `key`, confirming it or not. A confirmed run is recorded; either
 * way the run's mark is taken away, so that a resend waiting for it decides. Never throws.
 */
export function recordAnswer(
	trigger: string,
	key: string,
	confirmed: boolean,
	maxEntries: number,
	logger: Logger,
): void {
	const entry = storesByTrigger.get(trigger);
	if (entry === undefined) {
		const pending = pendingByTrigger.get(trigger) ?? new Map<string, boolean>();
		pendingByTrigger.set(trigger, pending);
		pending.delete(key);
		pending.set(key, confirmed);
		for (const [oldest] of pending) {
			if (pending.size <= PENDING_MAX) break;
			pending.delete(oldest);
		}
		return;
	}
	writeAnswers(laneOf(entry), [[key, confirmed]], maxEntries).catch((error: Error) => {
		logger.warn(
			`Payment Platform Trigger: n8n's answer to a run could not be written to n8n's deduplication store (${error.message}); a resend of it runs again`,
		);
	});
}

/** The answers the next run this process starts writes; taken out of the pending list. */
export function takeAnswers(trigger: string): Array<[string, boolean]> {
	const pending = pendingByTrigger.get(trigger);
	if (pending === undefined) return [];
	const taken = [...pending].slice(0, CARRIED_MAX);
	for (const [key] of taken) pending.delete(key);
	if (pending.size === 0) pendingByTrigger.delete(trigger);
	return taken;
}

interface PassSettings {
	/** undefined: Ignore Duplicate Deliveries is off (or a test run). */
	maxEntries: number | undefined;
	/** When Received: the run's start records the delivery. */
	recordAtStart: boolean;
	/** How long a run waits for the outcome of another run of its delivery before it runs anyway. */
	waitAtMostMs: number;
}

/**
 * Whether `key` is recorded as run: found on two looks PROBE_AGAIN_MS apart, the second a random part of it later still
 * (a look records the key for a moment; only the holder of the delivery's mark looks, so two looks rarely meet, and
 * two that met once do not meet again).
 */
async function ranBefore(lane: Lane, key: string, maxEntries: number): Promise<boolean> {
	const look = async () =>
		await lane(async (store) => {
			const { processed } = await store.checkProcessedAndRecord(
				[key],
				'node',
				options(maxEntries),
			);
			if (processed.length > 0) return true;
			await store.removeProcessed([key], 'node', options(maxEntries));
			return false;
		});
	if (!(await look())) return false;
	await sleep(PROBE_AGAIN_MS + Math.floor(Math.random() * PROBE_AGAIN_MS));
	return await look();
}

/**
 * After the Workflow Succeeds: whether the delivery runs. The run marks it running in the store; while another run
 * holds the mark, it waits for that run's answer (an answer takes the mark away), at most `waitAtMostMs`, then runs (the
 * other run may be lost). Holding the mark, it looks whether the delivery is recorded as run: then it gives the mark
 * back and does not run.
 */
async function mayRun(
	lane: Lane,
	key: string,
	maxEntries: number,
	waitAtMostMs: number,
): Promise<boolean> {
	const until = Date.now() + waitAtMostMs;
	const claim = [claimOf(key)];
	for (;;) {
		const { processed } = await lane(
			async (store) => await store.checkProcessedAndRecord(claim, 'node', options(maxEntries)),
		);
		if (processed.length === 0) {
			if (!(await ranBefore(lane, key, maxEntries))) return true;
			await lane(async (store) => await store.removeProcessed(claim, 'node', options(maxEntries)));
			return false;
		}
		if (Date.now() >= until) return true;
		await sleep(WAIT_STEP_MS);
	}
}

/** What n8n hands the handlers of an execution's end (n8n-core `workflow-execute.ts`, `workflowExecuteAfter`). */
interface RunEnd {
	status?: string;
}

interface ExecutionHooks {
	addHandler: (hook: 'workflowExecuteAfter', handler: (run: RunEnd) => Promise<void>) => void;
}

/**
 * The end of this execution, where it runs (a worker in queue mode): n8n's lifecycle hooks, which every n8n this package
 * supports passes its nodes' contexts (`additionalData.hooks`, 1.123 and 2.x alike) though no node helper exposes them.
 * Succeeded: finished, or paused at a Wait (n8n answers 2xx then). Without them (false), n8n's answer alone decides.
 */
function onRunEnd(context: IExecuteFunctions, handle: (succeeded: boolean) => Promise<void>): boolean {
	const { additionalData } = context as unknown as { additionalData?: { hooks?: unknown } };
	const hooks = additionalData?.hooks as Partial<ExecutionHooks> | undefined;
	if (typeof hooks?.addHandler !== 'function') return false;
	hooks.addHandler('workflowExecuteAfter', async (run: RunEnd) => {
		await handle(run?.status === 'success' || run?.status === 'waiting');
	});
	return true;
}

/**
 * The run's first step: writes the answers the item carries, and lets through each delivery the store does not know
 * as run. A store that fails lets the delivery run (when in doubt, run it).
 */
export async function passDeliveries(
	this: IExecuteFunctions,
	settings: PassSettings,
): Promise<INodeExecutionData[]> {
	const store: Store = this.helpers;
	const trigger = triggerKey(this.getWorkflow().id, this.getNode().id);
	const items = this.getInputData();
	const carried: Array<[string, boolean]> = [];
	for (const item of items) {
		const answers = item.json[CONFIRMED_FIELD];
		if (Array.isArray(answers)) {
			for (const answer of answers) {
				if (Array.isArray(answer) && typeof answer[0] === 'string') {
					carried.push([answer[0], answer[1] === true]);
				}
			}
		}
		delete item.json[CONFIRMED_FIELD];
	}
	const { maxEntries, recordAtStart, waitAtMostMs } = settings;
	if (maxEntries === undefined) return items;
	const entry = storesByTrigger.get(trigger) ?? { store, lane: Promise.resolve() };
	entry.store = store;
	storesByTrigger.set(trigger, entry);
	const lane = laneOf(entry);
	const warn = (what: string, error: Error) =>
		this.logger.warn(
			`Payment Platform Trigger: n8n's deduplication store could not ${what} (${error.message})`,
		);
	if (carried.length > 0) {
		await writeAnswers(lane, carried, maxEntries).catch((error: Error) =>
			warn('take the answers another process got; a resend of them runs again', error),
		);
	}
	const passed: INodeExecutionData[] = [];
	for (const item of items) {
		const key = item.json.deliveryKey;
		if (typeof key !== 'string') {
			passed.push(item);
			continue;
		}
		try {
			const runs = recordAtStart
				? (
						await lane(
							async (current) =>
								await current.checkProcessedAndRecord([key], 'node', options(maxEntries)),
						)
					).processed.length === 0
				: await mayRun(lane, key, maxEntries, waitAtMostMs);
			if (runs) passed.push(item);
			// The run holds the delivery's mark: its end records it (succeeded) and takes the mark away, in the process
			// that ran it, without waiting for n8n's answer to reach a webhook process's next run (queue mode).
			if (runs && !recordAtStart) {
				onRunEnd(this, async (succeeded) => {
					await writeAnswers(lane, [[key, succeeded]], maxEntries).catch((error: Error) =>
						warn('record the end of a run; a resend of it may run again', error),
					);
				});
			}
		} catch (error) {
			warn('be read; the delivery runs', error as Error);
			passed.push(item);
		}
	}
	return passed;
}
