/**
 * The sandbox's fault mode: each fault kind's answer over HTTP, route patterns, count and seeded probability, the
 * three ways to configure it (options, handle, admin routes) and SANDBOX_FAULTS.
 */
import { waitFor } from '../../scripts/lib/wait';
import { ERROR_CODES } from '../../sandbox/api/names';
import { FAULT_KINDS, SEED, type FaultSpec } from '../../sandbox';
import { faultsFromEnv } from '../../sandbox/faults';
import {
	expectError,
	expectNotFound,
	UNKNOWN_ID,
	useOwnServers,
	useTestSandbox,
	VALIDATION_STATUS,
} from '../harness/sandboxHttp';

const CHARGE = `/v1/charges/${SEED.charges.authorized}`;
const logLines: string[] = [];

const t = useTestSandbox({ log: (line) => logLines.push(line) });
const own = useOwnServers();
beforeEach(() => {
	logLines.length = 0;
});

const faultsOf = () => t().sandbox.requests.map((request) => request.fault ?? null);
const statusesOf = () => t().sandbox.requests.map((request) => request.status);

describe('fault kinds', () => {
	it('rate_limit sends Retry-After (1 s by default, or retryAfter)', async () => {
		t().sandbox.setFaults([
			{ route: 'GET /v1/charges/*', kind: 'rate_limit', count: 1 },
			{ route: 'GET /v1/charges', kind: 'rate_limit', count: 1, retryAfter: 7 },
		]);
		expect((await t().api.get(CHARGE)).headers['retry-after']).toBe('1');
		expect((await t().api.get('/v1/charges')).headers['retry-after']).toBe('7');
	});

	it('unavailable_503 sends Retry-After only when retryAfter is set', async () => {
		t().sandbox.setFaults([{ kind: 'unavailable_503', count: 1 }]);
		expect((await t().api.get(CHARGE)).headers).not.toHaveProperty('retry-after');
		t().sandbox.setFaults([{ kind: 'unavailable_503', count: 1, retryAfter: 0 }]);
		expect((await t().api.get(CHARGE)).headers['retry-after']).toBe('0');
	});

	it('missing_data lets an error answer through unchanged', async () => {
		t().sandbox.setFaults([{ kind: 'missing_data' }]);
		const response = await t().api.get(`/v1/charges/${UNKNOWN_ID}`);
		expectNotFound(response);
	});

	it('slow also holds back an error answer', async () => {
		t().sandbox.setFaults([{ kind: 'slow', delayMs: 1_500, count: 1 }]);
		let answered = false;
		const response = t()
			.api.get(`/v1/charges/${UNKNOWN_ID}`)
			.finally(() => (answered = true));
		// The handler has run (the request is recorded) while the answer is still held back.
		await waitFor('the slow request recorded', () => faultsOf().length === 1);
		expect(answered).toBe(false);
		expect((await response).status).toBe(404);
		expect(faultsOf()).toEqual(['slow']);
	});

	it('reset closes the connection without an answer; the request is recorded with status null', async () => {
		t().sandbox.setFaults([{ kind: 'reset', count: 1 }]);
		await expect(t().api.get(CHARGE)).rejects.toMatchObject({ code: 'ECONNRESET' });
		expect(faultsOf()).toEqual(['reset']);
		expect(statusesOf()).toEqual([null]);
		expect((await t().api.get(CHARGE)).status).toBe(200);
		expect(logLines[0]).toMatch(/^GET \/v1\/charges\/\S+ reset [\d.]+ms \(fault reset\)$/);
	});

	it('knows every kind it documents', () => {
		// prettier-ignore
		const documented = ['bad_gateway_502', 'error_500', 'gateway_timeout_504', 'missing_data', 'non_json', 'rate_limit', 'reset', 'slow', 'success_false', 'unavailable_503', 'applied_then_503', 'grows_at_head', 'no_pagination', 'data_not_list'];
		expect([...FAULT_KINDS].sort()).toEqual(documented.sort());
	});
});

describe('which requests are faulted', () => {
	it('the method must match; * is any method; a lone path is any method', async () => {
		t().sandbox.setFaults([{ route: 'POST /v1/charges', kind: 'error_500' }]);
		expect((await t().api.get('/v1/charges')).status).toBe(200);
		t().sandbox.setFaults([{ route: '* /v1/charges', kind: 'error_500' }]);
		expect((await t().api.get('/v1/charges')).status).toBe(500);
		t().sandbox.setFaults([{ route: '/v1/charges', kind: 'error_500' }]);
		expect((await t().api.get('/v1/charges')).status).toBe(500);
	});

	it('* is one path segment, ** the rest; the query string and a trailing slash do not matter', async () => {
		t().sandbox.setFaults([{ route: 'GET /v1/submerchants/*', kind: 'error_500' }]);
		const sub = SEED.submerchants.active;
		expect((await t().api.get(`/v1/submerchants/${sub}`)).status).toBe(500);
		expect((await t().api.get(`/v1/submerchants/${sub}/`)).status).toBe(500);
		expect((await t().api.get(`/v1/submerchants/${sub}/documents`)).status).toBe(200);
		expect((await t().api.get('/v1/submerchants?page=1')).status).toBe(200);
		t().sandbox.setFaults([{ route: 'GET /v1/submerchants/**', kind: 'error_500' }]);
		expect((await t().api.get(`/v1/submerchants/${sub}/documents`)).status).toBe(500);
		expect((await t().api.get('/v1/submerchants?page=1')).status).toBe(500);
		expect((await t().api.get('/v1/charges')).status).toBe(200);
	});

	it('without a route every /v1 request is faulted, admin routes never', async () => {
		t().sandbox.setFaults([{ kind: 'error_500' }]);
		expect((await t().api.get('/v1/wallets/' + SEED.walletId)).status).toBe(500);
		expect((await t().anonymous.get('/__admin/requests')).status).toBe(200);
		expect((await t().anonymous.get('/__admin/faults')).status).toBe(200);
	});

	it('a route that does not exist can be faulted (before routing)', async () => {
		t().sandbox.setFaults([{ route: 'GET /v1/nothing-here', kind: 'unavailable_503' }]);
		expect((await t().api.get('/v1/nothing-here')).status).toBe(503);
	});

	it('an unauthenticated request is answered 401, not faulted', async () => {
		t().sandbox.setFaults([{ kind: 'error_500' }]);
		expectError(await t().anonymous.get(CHARGE), 401, ERROR_CODES.unauthorized);
		expect(faultsOf()).toEqual([null]);
	});

	it('rules are tried in order; a spent rule lets the next one apply', async () => {
		t().sandbox.setFaults([
			{ route: 'GET /v1/charges/*', kind: 'rate_limit', count: 1, retryAfter: 0 },
			{ route: 'GET /v1/**', kind: 'unavailable_503', count: 1 },
		]);
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await t().api.get(CHARGE)).status);
		expect(statuses).toEqual([429, 503, 200]);
	});

	it('probability with a seed: the same sequence every time; another seed, another sequence', async () => {
		const sequence = async (seed: number) => {
			t().sandbox.setFaults([{ kind: 'error_500', probability: 0.5, seed }]);
			const statuses = [];
			for (let i = 0; i < 24; i++) statuses.push((await t().api.get(CHARGE)).status);
			return statuses;
		};
		const first = await sequence(42);
		expect(await sequence(42)).toEqual(first);
		expect(first).toContain(500);
		expect(first).toContain(200);
		expect(await sequence(7)).not.toEqual(first);
		const [rule] = t().sandbox.listFaults();
		expect(rule).toMatchObject({ probability: 0.5, seed: 7, matched: 24, remaining: null });
	});

	it('probability 0 never faults, 1 always; count caps a probability', async () => {
		t().sandbox.setFaults([{ kind: 'error_500', probability: 0 }]);
		expect((await t().api.get(CHARGE)).status).toBe(200);
		t().sandbox.setFaults([{ kind: 'error_500', probability: 1, count: 2 }]);
		const statuses = [];
		for (let i = 0; i < 3; i++) statuses.push((await t().api.get(CHARGE)).status);
		expect(statuses).toEqual([500, 500, 200]);
	});

	it('a list of kinds: each faulted request picks one, deterministically for a seed', async () => {
		const kinds = async () => {
			t().sandbox.setFaults([
				{ kind: ['error_500', 'unavailable_503', 'bad_gateway_502'], seed: 3 },
			]);
			const statuses = [];
			for (let i = 0; i < 12; i++) statuses.push((await t().api.get(CHARGE)).status);
			return statuses;
		};
		const first = await kinds();
		expect(new Set(first)).toEqual(new Set([500, 502, 503]));
		expect(await kinds()).toEqual(first);
	});
});

describe('configuration', () => {
	it('startSandbox({ faults }) applies them, and reset() restores them with fresh counters', async () => {
		const sandbox = await own.sandbox({
			faults: [{ route: 'GET /v1/charges/*', kind: 'unavailable_503', count: 1 }],
		});
		expect((await sandbox.api.get(CHARGE)).status).toBe(503);
		expect((await sandbox.api.get(CHARGE)).status).toBe(200);
		sandbox.sandbox.clearFaults();
		expect(sandbox.sandbox.listFaults()).toEqual([]);
		sandbox.sandbox.reset();
		expect(sandbox.sandbox.listFaults()).toMatchObject([{ applied: 0, remaining: 1 }]);
		expect((await sandbox.api.get(CHARGE)).status).toBe(503);
	});

	it('startSandbox rejects an invalid list', async () => {
		await expect(
			own.sandbox({ faults: [{ kind: 'boom' }] as unknown as FaultSpec[] }),
		).rejects.toThrow(/faults\[0\]\.kind must be one of rate_limit/);
	});

	it('setFaults validates everything and, on error, keeps the rules it had', () => {
		t().sandbox.setFaults([{ kind: 'error_500', count: 1 }]);
		const invalid = [
			{ kind: 'slow', count: 0, retryAfter: 3, colour: 'red' },
			{ route: 'GET charges', kind: [], probability: 2, seed: 1 },
			{ kind: 'rate_limit', delayMs: 10, seed: 5 },
			'error_500',
		] as unknown as FaultSpec[];
		let message = '';
		try {
			t().sandbox.setFaults(invalid);
		} catch (error) {
			message = (error as Error).message;
		}
		for (const part of [
			'faults[0].colour is not an allowed field',
			'faults[0].count must be an integer greater than 0',
			'faults[0].retryAfter only applies to rate_limit, unavailable_503',
			'faults[1].route must be "METHOD /path"',
			'faults[1].kind must be one of',
			'faults[1].probability must be a number from 0 to 1',
			'faults[2].delayMs only applies to slow',
			'faults[2].seed is only used with probability or a list of kinds',
			'faults[3] must be an object',
		]) {
			expect(message).toContain(part);
		}
		expect(t().sandbox.listFaults()).toMatchObject([{ kind: 'error_500', count: 1 }]);
		expect(() => t().sandbox.setFaults(undefined as unknown as FaultSpec[])).toThrow(
			/faults must be an array/,
		);
	});

	it('PUT, GET and DELETE /__admin/faults', async () => {
		const rules = [
			{ route: 'GET /v1/charges/*', kind: 'rate_limit', count: 3, retryAfter: 2 },
			{ kind: ['reset', 'slow'], probability: 0.1, seed: 9, delayMs: 100 },
		];
		const put = await t().anonymous.put('/__admin/faults', rules);
		expect(put.status).toBe(200);
		expect(put.data).toEqual({
			success: true,
			message: '2 fault rule(s) set',
			data: [
				{ ...rules[0], matched: 0, applied: 0, remaining: 3 },
				{ route: '* /v1/**', ...rules[1], matched: 0, applied: 0, remaining: null },
			],
		});
		await t().api.get(CHARGE);
		const listed = await t().anonymous.get('/__admin/faults');
		expect(listed.data.data[0]).toMatchObject({ matched: 1, applied: 1, remaining: 2 });
		const recorded = await t().anonymous.get('/__admin/requests');
		expect(recorded.data.data.map((r: { fault?: string }) => r.fault)).toEqual(['rate_limit']);

		const cleared = await t().anonymous.delete('/__admin/faults');
		expect(cleared.data).toEqual({ success: true, message: 'Fault rules cleared' });
		expect((await t().anonymous.get('/__admin/faults')).data.data).toEqual([]);
		expect((await t().api.get(CHARGE)).status).toBe(200);
	});

	it('PUT /__admin/faults answers 422 with details on an invalid list, 400 on malformed JSON', async () => {
		const invalid = await t().anonymous.put('/__admin/faults', [{ kind: 'nope' }]);
		expect(invalid.status).toBe(VALIDATION_STATUS);
		expect(invalid.data.details).toEqual([
			expect.objectContaining({ field: 'faults[0].kind', rule: 'enum' }),
		]);
		const notAList = await t().anonymous.put('/__admin/faults', { kind: 'reset' });
		expect(notAList.status).toBe(VALIDATION_STATUS);
		expect(notAList.data.message).toContain('faults must be an array of fault rules');
		const malformed = await t().anonymous.put('/__admin/faults', '[{', {
			headers: { 'Content-Type': 'application/json' },
			transformRequest: [(body: string) => body],
		});
		expect(malformed.status).toBe(400);
		expect(t().sandbox.listFaults()).toEqual([]);
	});

	it('SANDBOX_FAULTS: a JSON list, validated; empty or unset means none', () => {
		const rules = [{ route: 'GET /v1/charges/*', kind: 'unavailable_503', count: 2 }];
		expect(faultsFromEnv(JSON.stringify(rules))).toEqual(rules);
		expect(faultsFromEnv(undefined)).toEqual([]);
		expect(faultsFromEnv('  ')).toEqual([]);
		expect(() => faultsFromEnv('[{')).toThrow('SANDBOX_FAULTS must be a JSON list of fault rules');
		expect(() => faultsFromEnv('[{"kind":"nope"}]')).toThrow(/faults\[0\]\.kind/);
	});

	it('stop() does not wait for a slow answer', async () => {
		const sandbox = await own.sandbox({ faults: [{ kind: 'slow', delayMs: 60_000 }] });
		const pending = sandbox.api.get(CHARGE).catch((error) => error);
		await waitFor('the slow request', () => sandbox.sandbox.requests.length === 1, {
			intervalMs: 2,
		});
		const started = Date.now();
		await sandbox.sandbox.stop();
		expect(Date.now() - started).toBeLessThan(1_000);
		expect(await pending).toMatchObject({ code: 'ECONNRESET' });
	});
});

describe('list behaviours (they run the handler)', () => {
	const list = async () => (await t().api.get('/v1/charges?perPage=5')).data as unknown;

	it('grows_at_head: a new charge, created now, is listed first', async () => {
		const before = (await list()) as { data: Array<{ id: string }>; pagination: { total: number } };
		t().sandbox.setFaults([{ route: 'GET /v1/charges', kind: 'grows_at_head', count: 1 }]);
		const after = (await list()) as { data: Array<{ id: string }>; pagination: { total: number } };
		t().sandbox.clearFaults();
		expect(after.pagination.total).toBe(before.pagination.total + 1);
		expect(after.data[1].id).toBe(before.data[0].id);
	});
});
