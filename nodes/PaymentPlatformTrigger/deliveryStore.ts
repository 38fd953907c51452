/**
 * The deliveries that ran, in n8n's deduplication store (docs/trigger.md, "Where the trigger keeps its state"): the
 * table every n8n process reads, kept across restarts, one row per workflow and node (scope 'node': only this trigger
 * writes it). n8n offers it to a node's execute() only, not to webhook(): the run's first step (execute(), called with
 * the items webhook() returned) reads it.
 *
 * A delivery has two marks: CLAIMED (a run of it started and did not fail: it runs or it ran) and RUNNING (a run of it
 * is under way). Free: neither; running: both; ran: claimed alone. The first step sets both in one call, which also
 * says what was there; a run's end takes RUNNING away (succeeded, written again a moment later) or both (failed). After
 * the Workflow Succeeds, the run's end is known where it ran (n8n's execution hooks), and from n8n's answer (in queue
 * mode the webhook process hands it to the next run it starts): a confirmed answer says it ran; an unconfirmed one,
 * late, says nothing of the run that holds the delivery by then, so it frees it only where no hooks record the ends.
 * When Received: n8n answers before the run, so the first step claims it alone.
 *
 * n8n's store reads the trigger's one row and writes it whole, without a lock: two calls that overlap lose one's
 * write. In one process the trigger's calls go one at a time (laneOf); between processes (queue mode with several
 * workers) an overwritten row brings back the marks of a moment before. Every state such a moment holds errs towards a
 * run: the two marks are set in one call, RUNNING is only ever taken away alone by a run's success, and the one look
 * that writes a mark it does not mean (the first step finding the delivery ran, it sets RUNNING and takes it back)
 * can only bring back "running", which a resend waits out (Resend Runs Again After) and then runs. A duplicate, never
 * a loss.
 */
import type { IExecuteFunctions, INodeExecutionData, Logger } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

type Store = Pick<IExecuteFunctions['helpers'], 'checkProcessedAndRecord' | 'removeProcessed'>;

/** What a webhook process learnt from n8n's answers and could not write; the item of the next run it starts carries it. */
export const CONFIRMED_FIELD = '__paymentPlatformAnswers';

/** How often a run whose delivery another run holds looks again for that run's outcome (give or take a quarter). */
const WAIT_STEP_MS = 1000;

/**
 * Each look writes the row it read: at a fixed pace it can fall on the same moment of every write another worker makes
 * at a fixed pace (a success and its second write), and take back both. So the pace varies.
 */
const nextLookMs = () => WAIT_STEP_MS * (0.75 + Math.random() / 2);

/**
 * A run's success is written again this long after its end: another worker's write of a row it read before (runs end
 * in bursts) can bring back the running mark, which would hold every resend for Resend Runs Again After, then run it.
 */
const RAN_AGAIN_AFTER_MS = 2500;

/** Per trigger (workflow and node), at most this many answers wait for a run to write them. */
const PENDING_MAX = 1000;
/** At most this many ride on one item. */
const CARRIED_MAX = 100;

/** A run of the delivery started and did not fail: it runs, or it ran. */
const claimedMark = (key: string) => `claimed:${key}`;
/** A run of the delivery is under way. */
const runningMark = (key: string) => `running:${key}`;

/**
 * Per trigger: the helpers of its latest run in this process, the end of its queue of store calls, and whether the
 * runs' ends are recorded where they ran (n8n's execution hooks, onRunEnd).
 */
interface TriggerStore {
	store: Store;
	lane: Promise<void>;
	endsRecorded: boolean;
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

/** A run of `key` succeeded: it ran (its claim set again, should an overwrite have taken it). */
async function recordRan(store: Store, key: string, maxEntries: number): Promise<void> {
	await store.checkProcessedAndRecord([claimedMark(key)], 'node', options(maxEntries));
	await store.removeProcessed([runningMark(key)], 'node', options(maxEntries));
}

/** A run of `key` failed: free again, so that a resend runs at once. */
async function recordFailed(store: Store, key: string, maxEntries: number): Promise<void> {
	await store.removeProcessed([claimedMark(key), runningMark(key)], 'node', options(maxEntries));
}

/**
 * n8n's answers: a confirmed run ran. An unconfirmed one says nothing where the runs' ends are recorded where they ran:
 * carried to a later run (queue mode), it may arrive while another run holds the delivery, which it must not free.
 * Without that record, it frees its delivery only while it is still marked running.
 */
async function writeAnswers(
	lane: Lane,
	answers: ReadonlyArray<[string, boolean]>,
	maxEntries: number,
	endsRecorded: boolean,
): Promise<void> {
	await lane(async (store) => {
		for (const [key, confirmed] of answers) {
			if (confirmed) {
				await recordRan(store, key, maxEntries);
				continue;
			}
			if (endsRecorded) continue;
			const running = runningMark(key);
			const { processed } = await store.checkProcessedAndRecord(
				[running],
				'node',
				options(maxEntries),
			);
			if (processed.length > 0) await recordFailed(store, key, maxEntries);
			else await store.removeProcessed([running], 'node', options(maxEntries));
		}
	});
}

/**
 * After the Workflow Succeeds: n8n answered the run of `key`, confirming it or not (writeAnswers), so that a resend
 * waiting for it decides. Where no run of the trigger went through this process, the next run it starts carries it.
 * Never throws.
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
	writeAnswers(laneOf(entry), [[key, confirmed]], maxEntries, entry.endsRecorded).catch(
		(error: Error) => {
			logger.warn(
				`Payment Platform Trigger: n8n's answer to a run could not be written to n8n's deduplication store (${error.message}); a resend of it runs again`,
			);
		},
	);
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

type DeliveryState = 'free' | 'running' | 'ran';

/**
 * One call sets both marks and says what was there. Free: the caller now holds the delivery. Ran: the look set RUNNING,
 * which it takes back.
 */
async function claim(lane: Lane, key: string, maxEntries: number): Promise<DeliveryState> {
	return await lane(async (store) => {
		const [claimed, running] = [claimedMark(key), runningMark(key)];
		const { processed } = await store.checkProcessedAndRecord(
			[claimed, running],
			'node',
			options(maxEntries),
		);
		const found = new Set(processed.map(String));
		if (!found.has(claimed)) return 'free';
		if (found.has(running)) return 'running';
		await store.removeProcessed([running], 'node', options(maxEntries));
		return 'ran';
	});
}

/**
 * After the Workflow Succeeds: whether the delivery runs. Free, it runs (holding it); ran, it does not; while another
 * run holds it, this one looks again every WAIT_STEP_MS for that run's end, at most `waitAtMostMs`, then runs (the
 * other run may be lost).
 */
async function mayRun(
	lane: Lane,
	key: string,
	maxEntries: number,
	waitAtMostMs: number,
): Promise<boolean> {
	const until = Date.now() + waitAtMostMs;
	for (;;) {
		const state = await claim(lane, key, maxEntries);
		if (state !== 'running') return state === 'free';
		if (Date.now() >= until) return true;
		await sleep(nextLookMs());
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
 * The lifecycle hooks of this execution, where it runs (a worker in queue mode), which every n8n this package supports
 * passes its nodes' contexts (`additionalData.hooks`, 1.123 and 2.x alike) though no node helper exposes them. Without
 * them (undefined), n8n's answer alone decides.
 */
function executionHooks(context: IExecuteFunctions): ExecutionHooks | undefined {
	const { additionalData } = context as unknown as { additionalData?: { hooks?: unknown } };
	const hooks = additionalData?.hooks as Partial<ExecutionHooks> | undefined;
	return typeof hooks?.addHandler === 'function' ? (hooks as ExecutionHooks) : undefined;
}

/** The end of this execution. Succeeded: finished, or paused at a Wait (n8n answers 2xx then). */
function onRunEnd(hooks: ExecutionHooks, handle: (succeeded: boolean) => Promise<void>): void {
	hooks.addHandler('workflowExecuteAfter', async (run: RunEnd) => {
		await handle(run?.status === 'success' || run?.status === 'waiting');
	});
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
	const hooks = executionHooks(this);
	const entry = storesByTrigger.get(trigger) ?? {
		store,
		lane: Promise.resolve(),
		endsRecorded: false,
	};
	entry.store = store;
	entry.endsRecorded = hooks !== undefined;
	storesByTrigger.set(trigger, entry);
	const lane = laneOf(entry);
	const warn = (what: string, error: Error) =>
		this.logger.warn(
			`Payment Platform Trigger: n8n's deduplication store could not ${what} (${error.message})`,
		);
	if (carried.length > 0) {
		await writeAnswers(lane, carried, maxEntries, entry.endsRecorded).catch((error: Error) =>
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
								await current.checkProcessedAndRecord(
									[claimedMark(key)],
									'node',
									options(maxEntries),
								),
						)
					).processed.length === 0
				: await mayRun(lane, key, maxEntries, waitAtMostMs);
			if (runs) passed.push(item);
			// The run holds the delivery's mark: its end records it (succeeded) and takes the mark away, in the process
			// that ran it, without waiting for n8n's answer to reach a webhook process's next run (queue mode).
			if (runs && !recordAtStart && hooks !== undefined) {
				onRunEnd(hooks, async (succeeded) => {
					const record = succeeded ? recordRan : recordFailed;
					const write = async () =>
						await lane(async (current) => await record(current, key, maxEntries)).catch(
							(error: Error) =>
								warn('record the end of a run; a resend of it may run again', error),
						);
					await write();
					if (succeeded) void sleep(RAN_AGAIN_AFTER_MS).then(write);
				});
			}
		} catch (error) {
			warn('be read; the delivery runs', error as Error);
			passed.push(item);
		}
	}
	return passed;
}
