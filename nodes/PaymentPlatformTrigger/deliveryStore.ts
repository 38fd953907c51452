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
 * n8n's store reads and writes its row without a lock; a record another writer overwrote runs again (a duplicate,
 * never a loss). It has no read without a write: a check records the key and the check removes it again at once, so
 * a check that finds a key looks again PROBE_AGAIN_MS later before it believes the key ran.
 */
import type { IExecuteFunctions, INodeExecutionData, Logger } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';

type Store = Pick<IExecuteFunctions['helpers'], 'checkProcessedAndRecord' | 'removeProcessed'>;

/** Keys a webhook process confirmed and could not record; the item of the next run it starts carries them. */
export const CONFIRMED_FIELD = '__paymentPlatformConfirmedDeliveries';

/** Another check's key lives for two database calls; a key found twice this far apart was recorded by a run. */
const PROBE_AGAIN_MS = 1000;

/** Per trigger (workflow and node), at most this many confirmed keys wait for a run to record them. */
const PENDING_MAX = 1000;
/** At most this many ride on one item. */
const CARRIED_MAX = 100;

const storesByTrigger = new Map<string, Store>();
const pendingByTrigger = new Map<string, Set<string>>();

export function triggerKey(workflowId: string | undefined, nodeId: string): string {
	return `${workflowId ?? ''} ${nodeId}`;
}

const options = (maxEntries: number) => ({ mode: 'entries' as const, maxEntries });

/** After the Workflow Succeeds: n8n confirmed the run of `key`. Never throws. */
export function recordConfirmed(
	trigger: string,
	key: string,
	maxEntries: number,
	logger: Logger,
): void {
	const store = storesByTrigger.get(trigger);
	if (store === undefined) {
		const pending = pendingByTrigger.get(trigger) ?? new Set<string>();
		pendingByTrigger.set(trigger, pending);
		pending.delete(key);
		pending.add(key);
		for (const oldest of pending) {
			if (pending.size <= PENDING_MAX) break;
			pending.delete(oldest);
		}
		return;
	}
	store.checkProcessedAndRecord([key], 'node', options(maxEntries)).catch((error: Error) => {
		logger.warn(
			`Payment Platform Trigger: a delivery that ran could not be recorded in n8n's deduplication store (${error.message}); a resend of it would run again`,
		);
	});
}

/** The confirmed keys the next run this process starts records; taken out of the pending list. */
export function takeConfirmed(trigger: string): string[] {
	const pending = pendingByTrigger.get(trigger);
	if (pending === undefined) return [];
	const taken = [...pending].slice(0, CARRIED_MAX);
	for (const key of taken) pending.delete(key);
	if (pending.size === 0) pendingByTrigger.delete(trigger);
	return taken;
}

export interface PassSettings {
	/** undefined: Ignore Duplicate Deliveries is off. */
	maxEntries: number | undefined;
	recordAtStart: boolean;
}

async function ranBefore(store: Store, key: string, maxEntries: number): Promise<boolean> {
	const probe = async () => {
		const { processed } = await store.checkProcessedAndRecord([key], 'node', options(maxEntries));
		if (processed.length > 0) return true;
		await store.removeProcessed([key], 'node', options(maxEntries));
		return false;
	};
	if (!(await probe())) return false;
	await sleep(PROBE_AGAIN_MS);
	return await probe();
}

/**
 * The run's first step: records what the item carries, and lets through each delivery the store does not know as
 * run. A store that fails lets the delivery run (when in doubt, run it).
 */
export async function passDeliveries(
	this: IExecuteFunctions,
	settings: PassSettings,
): Promise<INodeExecutionData[]> {
	const store: Store = this.helpers;
	const trigger = triggerKey(this.getWorkflow().id, this.getNode().id);
	storesByTrigger.set(trigger, store);
	const items = this.getInputData();
	const carried: string[] = [];
	for (const item of items) {
		const keys = item.json[CONFIRMED_FIELD];
		if (Array.isArray(keys)) carried.push(...keys.filter((key) => typeof key === 'string'));
		delete item.json[CONFIRMED_FIELD];
	}
	const { maxEntries, recordAtStart } = settings;
	if (maxEntries === undefined) return items;
	const warn = (what: string, error: Error) =>
		this.logger.warn(
			`Payment Platform Trigger: n8n's deduplication store could not ${what} (${error.message}); the delivery runs`,
		);
	if (carried.length > 0) {
		await store
			.checkProcessedAndRecord(carried, 'node', options(maxEntries))
			.catch((error: Error) => warn('record the deliveries another process confirmed', error));
	}
	const passed: INodeExecutionData[] = [];
	for (const item of items) {
		const key = item.json.deliveryKey;
		if (typeof key !== 'string') {
			passed.push(item);
			continue;
		}
		try {
			const ran = recordAtStart
				? (await store.checkProcessedAndRecord([key], 'node', options(maxEntries))).processed
						.length > 0
				: await ranBefore(store, key, maxEntries);
			if (!ran) passed.push(item);
		} catch (error) {
			warn('be read', error as Error);
			passed.push(item);
		}
	}
	return passed;
}
