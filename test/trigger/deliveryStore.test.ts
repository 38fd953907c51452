/**
 * The deliveries that ran, in n8n's deduplication store: what the trigger's execute() lets through, against a store
 * that behaves as n8n's (entries mode: check and record in one call, remove; no read without a write).
 * A delivery's marks in the row: `claimed:<key>` (a run started and did not fail) and `running:<key>`.
 */
import type { IDataObject, IExecuteFunctions, INodeExecutionData } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import {
	CONFIRMED_FIELD,
	passDeliveries,
	recordAnswer,
	takeAnswers,
	triggerKey,
} from '../../nodes/PaymentPlatformTrigger/deliveryStore';

class Store {
	entries = new Set<string>();
	failing = false;
	async checkProcessedAndRecord(items: Array<string | number>) {
		if (this.failing) throw new Error('database unreachable');
		const processed = items.filter((item) => this.entries.has(String(item)));
		const fresh = items.filter((item) => !this.entries.has(String(item)));
		for (const item of fresh) this.entries.add(String(item));
		return { new: fresh, processed };
	}
	async removeProcessed(items: Array<string | number>) {
		if (this.failing) throw new Error('database unreachable');
		for (const item of items) this.entries.delete(String(item));
	}
}

/**
 * As n8n's store is: each call reads the trigger's row, and writes it back whole a moment later, without a lock.
 */
class RowStore extends Store {
	private async readModifyWrite<T>(change: (row: Set<string>) => T): Promise<T> {
		const row = new Set(this.entries);
		await sleep(5);
		const result = change(row);
		await sleep(5);
		this.entries = row;
		return result;
	}
	override async checkProcessedAndRecord(items: Array<string | number>) {
		return await this.readModifyWrite((row) => {
			const processed = items.filter((item) => row.has(String(item)));
			const fresh = items.filter((item) => !row.has(String(item)));
			for (const item of fresh) row.add(String(item));
			return { new: fresh, processed };
		});
	}
	override async removeProcessed(items: Array<string | number>) {
		await this.readModifyWrite((row) => {
			for (const item of items) row.delete(String(item));
		});
	}
}

type PassSettings = Parameters<typeof passDeliveries>[0];

let workflows = 0;
const logger = { warn: jest.fn() };

/** n8n's lifecycle hooks of one execution, as n8n-core's: handlers added, then run at the execution's end. */
class ExecutionHooks {
	handlers: Array<(run: { status: string }) => Promise<void>> = [];
	addHandler(_hook: string, handler: (run: { status: string }) => Promise<void>) {
		this.handlers.push(handler);
	}
	async end(status: string) {
		for (const handler of this.handlers) await handler({ status });
	}
}

function trigger(store: Store) {
	const workflowId = `w${++workflows}`;
	const run = async (
		json: IDataObject,
		settings: Partial<PassSettings> = {},
		hooks?: ExecutionHooks,
	) => {
		const items: INodeExecutionData[] = [{ json: { ...json } }];
		const context = {
			additionalData: { hooks },
			helpers: store,
			logger,
			getWorkflow: () => ({ id: workflowId }),
			getNode: () => ({ id: 'node-1' }),
			getInputData: () => items,
		} as unknown as IExecuteFunctions;
		return await passDeliveries.call(context, {
			maxEntries: 100,
			recordAtStart: false,
			waitAtMostMs: 5_000,
			...settings,
		});
	};
	return { run, key: triggerKey(workflowId, 'node-1') };
}

const answered = (key: string, deliveryKey: string, confirmed: boolean) =>
	recordAnswer(key, deliveryKey, confirmed, 100, logger as never);

describe('deliveryStore: After the Workflow Succeeds', () => {
	it('a delivery the store does not know runs, marked running; once n8n confirms its run, a resend runs nothing more', async () => {
		const store = new Store();
		const { run, key } = trigger(store);
		expect(await run({ deliveryKey: 'event:1' })).toHaveLength(1);
		expect([...store.entries].sort()).toEqual(['claimed:event:1', 'running:event:1']);
		answered(key, 'event:1', true);
		await sleep(10);
		expect([...store.entries]).toEqual(['claimed:event:1']);
		expect(await run({ deliveryKey: 'event:1' })).toHaveLength(0);
		expect(await run({ deliveryKey: 'event:2' })).toHaveLength(1);
	});

	it('resends waiting for one run under way wait for its answer: confirmed, none runs and no mark is left; failed, each runs (when in doubt, run it)', async () => {
		for (const confirmed of [true, false]) {
			const store = new Store();
			const { run, key } = trigger(store);
			expect(await run({ deliveryKey: 'k' })).toHaveLength(1);
			const waiting = [1, 2, 3].map(
				async () => (await run({ deliveryKey: 'k' }, { waitAtMostMs: 15_000 })).length,
			);
			await sleep(1_500);
			answered(key, 'k', confirmed);
			expect(await Promise.all(waiting)).toEqual(confirmed ? [0, 0, 0] : [1, 1, 1]);
			if (confirmed) expect([...store.entries]).toEqual(['claimed:k']);
		}
	});

	it('a resend whose first run never answers (a lost run) runs once it has waited Resend Runs Again After', async () => {
		const store = new Store();
		const { run } = trigger(store);
		expect(await run({ deliveryKey: 'k' })).toHaveLength(1);
		expect(await run({ deliveryKey: 'k' }, { waitAtMostMs: 1_200 })).toHaveLength(1);
	});

	it('a delivery whose run ended is not held: free after a failure (nothing recorded), ran after a success (one mark, no look that waits)', async () => {
		const store = new Store();
		const { run, key } = trigger(store);
		expect(await run({ deliveryKey: 'k' })).toHaveLength(1);
		answered(key, 'k', false);
		await sleep(10);
		expect(store.entries.size).toBe(0);
		expect(await run({ deliveryKey: 'k' }, { waitAtMostMs: 60_000 })).toHaveLength(1);
		answered(key, 'k', true);
		await sleep(10);
		expect(await run({ deliveryKey: 'k' }, { waitAtMostMs: 60_000 })).toHaveLength(0);
		expect([...store.entries]).toEqual(['claimed:k']);
	});

	it('a store that fails lets the delivery run (when in doubt, run it), and says so at warn', async () => {
		const store = new Store();
		store.failing = true;
		const { run } = trigger(store);
		logger.warn.mockClear();
		expect(await run({ deliveryKey: 'k' })).toHaveLength(1);
		expect(logger.warn).toHaveBeenCalledWith(expect.stringMatching(/deduplication store/));
	});

	it('where no run of the trigger went through this process (a webhook process in queue mode), the answers ride on the next item it hands to a run, which writes them', async () => {
		const store = new Store();
		const { run, key } = trigger(store);
		answered(key, 'done', true);
		answered(key, 'failed', false);
		const answers = takeAnswers(key);
		expect(answers).toEqual([
			['done', true],
			['failed', false],
		]);
		expect(takeAnswers(key)).toEqual([]);
		store.entries.add('claimed:done');
		store.entries.add('running:done');
		store.entries.add('claimed:failed');
		store.entries.add('running:failed');
		const [item] = await run({ deliveryKey: 'next', [CONFIRMED_FIELD]: answers });
		expect(item.json).toEqual({ deliveryKey: 'next' });
		expect([...store.entries].sort()).toEqual(['claimed:done', 'claimed:next', 'running:next']);
		expect(await run({ deliveryKey: 'done' })).toHaveLength(0);
		expect(await run({ deliveryKey: 'failed' })).toHaveLength(1);
	});
});

describe('deliveryStore: the end of the run, where it ran (a worker in queue mode)', () => {
	it('a run that succeeded is recorded at its end, before any answer reaches a process that can write: a resend waiting for it runs nothing', async () => {
		const store = new Store();
		const { run } = trigger(store);
		const first = new ExecutionHooks();
		expect(await run({ deliveryKey: 'k' }, {}, first)).toHaveLength(1);
		const resend = run({ deliveryKey: 'k' }, { waitAtMostMs: 10_000 });
		await sleep(500);
		await first.end('success');
		expect([...store.entries]).toEqual(['claimed:k']);
		expect(await resend).toHaveLength(0);
	});

	it('a run paused at a Wait (n8n answers 2xx) is recorded; a run that failed gives its mark back and its resend runs', async () => {
		for (const [status, resendRuns] of [
			['waiting', 0],
			['error', 1],
			['canceled', 1],
		] as const) {
			const store = new Store();
			const { run } = trigger(store);
			const first = new ExecutionHooks();
			expect(await run({ deliveryKey: 'k' }, {}, first)).toHaveLength(1);
			await first.end(status);
			expect([...store.entries]).toEqual(resendRuns ? [] : ['claimed:k']);
			expect(await run({ deliveryKey: 'k' }, { waitAtMostMs: 0 })).toHaveLength(resendRuns);
		}
	});

	it("a failed run's answer carried to a later run (queue mode) does not free the delivery another run holds by then", async () => {
		const store = new Store();
		const { run } = trigger(store);
		const failed = new ExecutionHooks();
		expect(await run({ deliveryKey: 'k' }, {}, failed)).toHaveLength(1);
		await failed.end('error');
		const holder = new ExecutionHooks();
		expect(await run({ deliveryKey: 'k' }, {}, holder)).toHaveLength(1);
		// The failed run's answer, as a webhook process that wrote nothing hands it to the next run it starts.
		const late = run(
			{ deliveryKey: 'k', [CONFIRMED_FIELD]: [['k', false]] },
			{ waitAtMostMs: 10_000 },
			new ExecutionHooks(),
		);
		await sleep(500);
		expect([...store.entries].sort()).toEqual(['claimed:k', 'running:k']);
		await holder.end('success');
		expect(await late).toHaveLength(0);
	});

	it('a run stopped at the trigger (already run) and When Received add nothing at the end', async () => {
		const store = new Store();
		store.entries.add('claimed:k');
		const { run } = trigger(store);
		const stopped = new ExecutionHooks();
		expect(await run({ deliveryKey: 'k' }, {}, stopped)).toHaveLength(0);
		const received = new ExecutionHooks();
		expect(await run({ deliveryKey: 'r' }, { recordAtStart: true }, received)).toHaveLength(1);
		expect(stopped.handlers.length + received.handlers.length).toBe(0);
	});
});

describe("deliveryStore: n8n's row written whole, without a lock", () => {
	it('five deliveries run and answered at the same time: each is recorded, no mark is left, and no resend runs', async () => {
		const store = new RowStore();
		const { run, key } = trigger(store);
		const keys = ['a', 'b', 'c', 'd', 'e'];
		const runs = await Promise.all(keys.map(async (k) => await run({ deliveryKey: k })));
		expect(runs.map((passed) => passed.length)).toEqual([1, 1, 1, 1, 1]);
		for (const k of keys) answered(key, k, true);
		await sleep(500);
		expect([...store.entries].sort()).toEqual(keys.map((k) => `claimed:${k}`));
		const resends = await Promise.all(
			keys.map(async (k) => (await run({ deliveryKey: k }, { waitAtMostMs: 1_000 })).length),
		);
		expect(resends).toEqual([0, 0, 0, 0, 0]);
	});

	it("a failed run's answer written while another delivery starts: its mark is gone, and its resend runs without waiting", async () => {
		const store = new RowStore();
		const { run, key } = trigger(store);
		expect(await run({ deliveryKey: 'failed' })).toHaveLength(1);
		const other = run({ deliveryKey: 'other' });
		answered(key, 'failed', false);
		expect(await other).toHaveLength(1);
		await sleep(100);
		// The failed run's mark is gone: its resend takes it at once instead of waiting for it.
		expect([...store.entries].sort()).toEqual(['claimed:other', 'running:other']);
		expect(await run({ deliveryKey: 'failed' })).toHaveLength(1);
	});
});

/**
 * Another process overwrites the row: it read the row as it was after write `readAt`, and writes that back right after
 * write `writeAt` (n8n's store writes the whole row it read, without a lock).
 */
class OverwrittenStore extends Store {
	writes = 0;
	private snapshot: Set<string> | undefined;
	constructor(
		private readonly readAt: number,
		private readonly writeAt: number,
	) {
		super();
	}
	private wrote() {
		this.writes++;
		if (this.writes === this.readAt) this.snapshot = new Set(this.entries);
		if (this.writes === this.writeAt && this.snapshot) this.entries = new Set(this.snapshot);
	}
	override async checkProcessedAndRecord(items: Array<string | number>) {
		const result = await super.checkProcessedAndRecord(items);
		this.wrote();
		return result;
	}
	override async removeProcessed(items: Array<string | number>) {
		await super.removeProcessed(items);
		this.wrote();
	}
}

/** A delivery whose runs all fail, twice, each answered; then sent again: whether that resend runs. */
async function resendAfterTwoFailures(store: Store): Promise<number> {
	const { run, key } = trigger(store);
	for (let attempt = 0; attempt < 2; attempt++) {
		await run({ deliveryKey: 'k' }, { waitAtMostMs: 0 });
		answered(key, 'k', false);
		await sleep(10);
	}
	return (await run({ deliveryKey: 'k' }, { waitAtMostMs: 0 })).length;
}

describe('deliveryStore: another process overwrites the row with one it read earlier', () => {
	it('a delivery that never succeeded still runs, whichever earlier row is written back at whichever later write', async () => {
		const plain = new OverwrittenStore(0, 0);
		expect(await resendAfterTwoFailures(plain)).toBe(1);
		const writes = plain.writes;
		expect(writes).toBeGreaterThan(4);
		const lost: string[] = [];
		for (let readAt = 1; readAt <= writes; readAt++) {
			for (let writeAt = readAt + 1; writeAt <= writes; writeAt++) {
				const runs = await resendAfterTwoFailures(new OverwrittenStore(readAt, writeAt));
				if (runs !== 1) lost.push(`row after write ${readAt} written back after write ${writeAt}`);
			}
		}
		expect(lost).toEqual([]);
	});
});

describe("deliveryStore: a run's success taken back by another worker's write", () => {
	it('is written again a moment later: a resend waiting for it runs nothing', async () => {
		// The row read after the run's claim (write 1) is written back right after the success is recorded (write 3).
		const store = new OverwrittenStore(1, 3);
		const { run } = trigger(store);
		const first = new ExecutionHooks();
		expect(await run({ deliveryKey: 'k' }, {}, first)).toHaveLength(1);
		await first.end('success');
		expect([...store.entries].sort()).toEqual(['claimed:k', 'running:k']);
		expect(await run({ deliveryKey: 'k' }, { waitAtMostMs: 10_000 })).toHaveLength(0);
		expect([...store.entries]).toEqual(['claimed:k']);
	});
});

describe('deliveryStore: other settings', () => {
	it('When Received: the run start records the delivery; a resend runs nothing more', async () => {
		const store = new Store();
		const { run } = trigger(store);
		expect(await run({ deliveryKey: 'k' }, { recordAtStart: true })).toHaveLength(1);
		expect(await run({ deliveryKey: 'k' }, { recordAtStart: true })).toHaveLength(0);
	});

	it('Ignore Duplicate Deliveries off, or a test run: every item passes, the carried answers taken off, the store untouched', async () => {
		const store = new Store();
		store.entries.add('claimed:k');
		const { run } = trigger(store);
		const passed = await run(
			{ deliveryKey: 'k', [CONFIRMED_FIELD]: [['x', true]] },
			{ maxEntries: undefined },
		);
		expect(passed.map((item) => item.json)).toEqual([{ deliveryKey: 'k' }]);
		expect([...store.entries]).toEqual(['claimed:k']);
	});
});
