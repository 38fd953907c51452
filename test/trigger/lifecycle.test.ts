/**
 * The trigger's webhook lifecycle (checkExists / create / delete) in n8n-core's real HookContext, against the
 * sandbox over HTTP; a fake API played by the receiver covers responses the sandbox never gives.
 */
import axios from 'axios';
import { STATIC_KEYS } from '../../nodes/PaymentPlatformTrigger/registration';
import { TriggerHarness } from '../harness/trigger';
import { startReceiver } from '../harness/receiver';
import { useSandbox } from '../harness/sandbox';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const ENDPOINTS_PATH = '/v1/postbacks/endpoints';
const EVENTS = ['charge.captured', 'charge.refunded'];

const sandbox = useSandbox(
	{ delivery: { maxAttempts: 1, baseDelayMs: 0 } },
	{ resetBeforeEach: true },
);

interface PublicEndpoint {
	id: string;
	url: string;
	events: string[];
	secret?: string;
}

async function sandboxEndpoints(): Promise<PublicEndpoint[]> {
	const response = await axios.get(`${sandbox().url}/__admin/webhook-endpoints`);
	return response.data.data as PublicEndpoint[];
}

function endpointRequests() {
	return sandbox()
		.requests.filter((request) => request.path.startsWith(ENDPOINTS_PATH))
		.map(({ method, path, body, status }) => ({ method, path, body, status }));
}

/** Only the requests that change something (the list is read on every activation and after every removal). */
function changingRequests() {
	return endpointRequests().filter((request) => request.method !== 'GET');
}

const LISTED = { method: 'GET', path: ENDPOINTS_PATH, body: undefined, status: 200 };

/** An endpoint registered on the platform behind n8n's back (another instance, a copy, a manual call). */
async function registerDirectly(url: string, events: string[] = EVENTS): Promise<PublicEndpoint> {
	const response = await axios.post(
		`${sandbox().url}${ENDPOINTS_PATH}`,
		{ url, events },
		{ auth: { username: sandbox().publicKey, password: sandbox().secretKey } },
	);
	return response.data.data as PublicEndpoint;
}

async function removeDirectly(id: string): Promise<void> {
	await axios.delete(`${sandbox().url}${ENDPOINTS_PATH}/${id}`, {
		auth: { username: sandbox().publicKey, password: sandbox().secretKey },
	});
}

function trigger(events: string[] = EVENTS): TriggerHarness {
	return new TriggerHarness({ target: sandbox(), parameters: { events, options: {} } });
}

describe('create', () => {
	it('registers the webhook URL and events, and stores id, secret, URL and events', async () => {
		const harness = trigger();
		expect(await harness.activate()).toBe(true);

		const [endpoint] = await sandboxEndpoints();
		expect(endpoint).toMatchObject({ url: harness.webhookUrl(), events: EVENTS });
		expect(endpointRequests()).toEqual([
			LISTED,
			{
				method: 'POST',
				path: ENDPOINTS_PATH,
				body: { url: harness.webhookUrl(), events: EVENTS },
				status: 201,
			},
		]);

		const staticData = harness.staticData();
		expect(staticData[STATIC_KEYS.endpointId]).toBe(endpoint.id);
		expect(staticData[STATIC_KEYS.secret]).toEqual(expect.stringMatching(/^whsec_/));
		expect(staticData[STATIC_KEYS.url]).toBe(harness.webhookUrl());
		expect(staticData[STATIC_KEYS.events]).toEqual(EVENTS);
	});

	it('fails with a clear error and calls nothing when no event is selected', async () => {
		const harness = trigger([]);
		await expect(harness.activate()).rejects.toThrow('Select at least one event');
		expect(endpointRequests()).toEqual([]);
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBeUndefined();
	});

	it('"Listen for test event" registers its own endpoint with the test URL, apart from production', async () => {
		const harness = trigger();
		await harness.activate();
		const production = { ...harness.staticData() };

		await harness.listenForTestEvent();
		const testUrl = harness.webhookUrl(true);
		expect(testUrl).toContain('/webhook-test/');
		expect(harness.staticData(true)[STATIC_KEYS.url]).toBe(testUrl);
		expect(harness.staticData()).toEqual(production);
		expect((await sandboxEndpoints()).map((endpoint) => endpoint.url).sort()).toEqual(
			[harness.webhookUrl(), testUrl].sort(),
		);

		// Stopping the test listener removes only the test endpoint.
		await harness.deactivate(true);
		expect((await sandboxEndpoints()).map((endpoint) => endpoint.url)).toEqual([
			harness.webhookUrl(),
		]);
		expect(harness.staticData()).toEqual(production);
	});
});

describe('checkExists', () => {
	it('is true for the same URL and events (in any order) listed by the platform; it only reads the list', async () => {
		const harness = trigger();
		await harness.activate();
		sandbox().clearRequests();

		expect(await harness.runHook('checkExists')).toBe(true);
		harness.setParameters({ events: [...EVENTS].reverse(), options: {} });
		expect(await harness.activate()).toBe(false);
		expect(endpointRequests()).toEqual([LISTED, LISTED]);
		expect(await sandboxEndpoints()).toHaveLength(1);
	});

	it('is false with nothing stored', async () => {
		expect(await trigger().runHook('checkExists')).toBe(false);
		expect(endpointRequests()).toEqual([LISTED]);
	});

	it('after a change of events: removes the old endpoint, clears it, and create registers anew', async () => {
		const harness = trigger();
		await harness.activate();
		const oldId = harness.staticData()[STATIC_KEYS.endpointId] as string;
		sandbox().clearRequests();

		harness.setParameters({ events: ['charge.captured'], options: {} });
		expect(await harness.runHook('checkExists')).toBe(false);
		expect(endpointRequests()).toEqual([
			LISTED,
			{ method: 'DELETE', path: `${ENDPOINTS_PATH}/${oldId}`, body: undefined, status: 200 },
			LISTED,
		]);
		expect(await sandboxEndpoints()).toEqual([]);
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBeUndefined();
		expect(harness.staticData()[STATIC_KEYS.secret]).toBeUndefined();

		await harness.runHook('create');
		const endpoints = await sandboxEndpoints();
		expect(endpoints).toHaveLength(1);
		expect(endpoints[0]).toMatchObject({ events: ['charge.captured'] });
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBe(endpoints[0].id);
		expect(endpoints[0].id).not.toBe(oldId);
	});

	it('after a change of URL: removes the old endpoint', async () => {
		const harness = trigger();
		await harness.activate();
		const oldId = harness.staticData()[STATIC_KEYS.endpointId] as string;
		harness.staticData()[STATIC_KEYS.url] = 'https://old-n8n.example.com/webhook/x/webhook';

		expect(await harness.activate()).toBe(true);
		const endpoints = await sandboxEndpoints();
		expect(endpoints.map((endpoint) => endpoint.id)).not.toContain(oldId);
		expect(endpoints.map((endpoint) => endpoint.url)).toEqual([harness.webhookUrl()]);
	});

	it('an id stored without its secret is stale: removed and registered anew', async () => {
		const harness = trigger();
		await harness.activate();
		const oldId = harness.staticData()[STATIC_KEYS.endpointId] as string;
		delete harness.staticData()[STATIC_KEYS.secret];

		expect(await harness.activate()).toBe(true);
		expect((await sandboxEndpoints()).map((endpoint) => endpoint.id)).not.toContain(oldId);
		expect(harness.staticData()[STATIC_KEYS.secret]).toEqual(expect.stringMatching(/^whsec_/));
	});
});

describe('checkExists repairs the registration from the endpoint list', () => {
	it('an endpoint removed on the platform is registered again', async () => {
		const harness = trigger();
		await harness.activate();
		const oldId = harness.staticData()[STATIC_KEYS.endpointId] as string;
		await removeDirectly(oldId);

		expect(await harness.activate()).toBe(true);
		const endpoints = await sandboxEndpoints();
		expect(endpoints).toHaveLength(1);
		expect(endpoints[0]).toMatchObject({ url: harness.webhookUrl(), events: EVENTS });
		expect(endpoints[0].id).not.toBe(oldId);
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBe(endpoints[0].id);
	});

	it("another endpoint with this webhook's URL (its secret unknown to n8n) is removed; ours is kept", async () => {
		const harness = trigger();
		await harness.activate();
		const ours = harness.staticData()[STATIC_KEYS.endpointId] as string;
		const foreign = await registerDirectly(harness.webhookUrl());
		const elsewhere = await registerDirectly('https://other.example.com/webhook/x/webhook');
		sandbox().clearRequests();

		expect(await harness.activate()).toBe(false);
		expect((await sandboxEndpoints()).map((endpoint) => endpoint.id).sort()).toEqual(
			[ours, elsewhere.id].sort(),
		);
		expect(changingRequests()).toEqual([
			expect.objectContaining({ method: 'DELETE', path: `${ENDPOINTS_PATH}/${foreign.id}` }),
		]);
	});

	it('an imported workflow (nothing stored) removes the endpoint with its URL and registers its own', async () => {
		const harness = trigger();
		const leftOver = await registerDirectly(harness.webhookUrl());

		expect(await harness.activate()).toBe(true);
		const endpoints = await sandboxEndpoints();
		expect(endpoints).toHaveLength(1);
		expect(endpoints[0].id).not.toBe(leftOver.id);
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBe(endpoints[0].id);
	});
});

describe('checkExists against other lists', () => {
	let api: Receiver;
	let listed: Array<Record<string, unknown>> | undefined;
	const deleted: string[] = [];
	let deletes: 'work' | 'are ignored' = 'work';

	beforeAll(async () => {
		api = await startReceiver((request) => {
			if (request.method === 'GET') {
				if (listed === undefined)
					return {
						status: 404,
						body: { success: false, message: 'Not found', error: 'NOT_FOUND' },
					};
				return {
					status: 200,
					body: {
						success: true,
						message: 'ok',
						data: listed,
						pagination: { page: 1, perPage: 100, total: listed.length, totalPages: 1 },
					},
				};
			}
			if (request.method === 'DELETE') {
				const id = request.path.split('/').pop() as string;
				deleted.push(id);
				if (deletes === 'work' && listed) listed = listed.filter((endpoint) => endpoint.id !== id);
				return { status: 200, body: { success: true, message: 'deleted' } };
			}
			return {
				status: 201,
				body: {
					success: true,
					message: 'created',
					data: { id: 'endpoint-new', secret: 'whsec_dummy_new', url: 'x', events: EVENTS },
				},
			};
		});
	});
	afterAll(async () => {
		await api.stop();
	});
	beforeEach(() => {
		api.exchanges.length = 0;
		deleted.length = 0;
		deletes = 'work';
	});

	function storedTrigger(): TriggerHarness {
		const harness = new TriggerHarness({
			target: { url: api.url, publicKey: 'pk_test', secretKey: 'sk_test' },
			parameters: { events: EVENTS, options: {} },
		});
		Object.assign(harness.staticData(), {
			[STATIC_KEYS.endpointId]: 'endpoint-1',
			[STATIC_KEYS.secret]: 'whsec_dummy_stored',
			[STATIC_KEYS.url]: harness.webhookUrl(),
			[STATIC_KEYS.events]: EVENTS,
		});
		return harness;
	}

	it.each([
		['another URL', { url: 'https://elsewhere.example.com/hook' }],
		['other events', { events: ['charge.captured'] }],
	])(
		'the stored endpoint listed with %s is removed and registered again',
		async (_name, change) => {
			const harness = storedTrigger();
			listed = [{ id: 'endpoint-1', url: harness.webhookUrl(), events: EVENTS, ...change }];
			expect(await harness.activate()).toBe(true);
			expect(deleted).toEqual(['endpoint-1']);
			expect(harness.staticData()[STATIC_KEYS.endpointId]).toBe('endpoint-new');
		},
	);

	it('a list without url and events fields keeps the stored endpoint (what it does not say is not held against it)', async () => {
		const harness = storedTrigger();
		listed = [{ id: 'endpoint-1' }];
		expect(await harness.activate()).toBe(false);
		expect(deleted).toEqual([]);
	});

	it('a removal the list still shows is logged as a warning', async () => {
		const harness = storedTrigger();
		listed = [{ id: 'endpoint-1', url: harness.webhookUrl(), events: EVENTS }];
		deletes = 'are ignored';
		const warn = jest.spyOn(harness.logger(), 'warn').mockImplementation(() => undefined);
		try {
			await harness.deactivate();
			expect(warn).toHaveBeenCalledTimes(1);
			expect(warn.mock.calls[0][0]).toMatch(/endpoint-1 is still listed after it was removed/);
		} finally {
			warn.mockRestore();
		}
	});

	it('a platform without a list (404) keeps the stored registration, with one line in the log', async () => {
		const harness = storedTrigger();
		listed = undefined;
		const info = jest.spyOn(harness.logger(), 'info').mockImplementation(() => undefined);
		try {
			expect(await harness.activate()).toBe(false);
			expect(info).toHaveBeenCalledTimes(1);
			expect(info.mock.calls[0][0]).toMatch(/404 to GET \/v1\/postbacks\/endpoints/);
		} finally {
			info.mockRestore();
		}
		expect(api.exchanges.map(({ request }) => request.method)).toEqual(['GET']);
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBe('endpoint-1');
	});
});

describe('delete', () => {
	it('removes the endpoint in the sandbox and clears id and secret', async () => {
		const harness = trigger();
		await harness.activate();
		const id = harness.staticData()[STATIC_KEYS.endpointId] as string;
		sandbox().clearRequests();

		expect(await harness.deactivate()).toBe(true);
		expect(endpointRequests()).toEqual([
			{ method: 'DELETE', path: `${ENDPOINTS_PATH}/${id}`, body: undefined, status: 200 },
			LISTED,
		]);
		expect(await sandboxEndpoints()).toEqual([]);
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBeUndefined();
		expect(harness.staticData()[STATIC_KEYS.secret]).toBeUndefined();
	});

	it('an endpoint already gone (404) is fine, and nothing is logged as a warning', async () => {
		const harness = trigger();
		await harness.activate();
		const stored = { ...harness.staticData() };
		await harness.deactivate();

		// Deleting again, with the same registration still stored (e.g. removed on the platform meanwhile).
		Object.assign(harness.staticData(), stored);
		const warn = jest.spyOn(harness.logger(), 'warn');
		sandbox().clearRequests();
		try {
			expect(await harness.deactivate()).toBe(true);
		} finally {
			warn.mockRestore();
		}
		expect(changingRequests()).toEqual([
			expect.objectContaining({ method: 'DELETE', status: 404 }),
		]);
		expect(warn).not.toHaveBeenCalled();
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBeUndefined();
		expect(harness.staticData()[STATIC_KEYS.secret]).toBeUndefined();
	});

	it('with nothing stored, calls nothing and still succeeds', async () => {
		expect(await trigger().deactivate()).toBe(true);
		expect(endpointRequests()).toEqual([]);
	});
});

describe('against a misbehaving API', () => {
	let api: Receiver;
	let answer: (method: string, path: string) => { status: number; body: unknown };

	beforeAll(async () => {
		api = await startReceiver((request) => answer(request.method, request.path));
	});
	afterAll(async () => {
		await api.stop();
	});
	beforeEach(() => {
		api.exchanges.length = 0;
	});

	function fakeTrigger(): TriggerHarness {
		return new TriggerHarness({
			target: { url: api.url, publicKey: 'pk_test', secretKey: 'sk_test' },
			parameters: { events: EVENTS, options: {} },
		});
	}

	const changedOnFakeApi = () =>
		api.exchanges
			.map(({ request }) => `${request.method} ${request.path}`)
			.filter((line) => !line.startsWith('GET '));

	const created = (data: unknown) => ({
		status: 201,
		body: { success: true, message: 'Webhook endpoint created', data },
	});

	it('create without a secret fails, stores nothing, and removes the half-made endpoint', async () => {
		answer = (method) =>
			method === 'POST'
				? created({ id: 'endpoint-1', url: 'x', events: EVENTS })
				: { status: 200, body: { success: true, message: 'deleted' } };
		const harness = fakeTrigger();
		await expect(harness.activate()).rejects.toThrow(
			/did not return the webhook endpoint's secret/,
		);
		expect(harness.staticData()).toEqual({});
		expect(changedOnFakeApi()).toEqual([
			`POST ${ENDPOINTS_PATH}`,
			`DELETE ${ENDPOINTS_PATH}/endpoint-1`,
		]);
	});

	it('create without an id fails, stores nothing, and the error does not carry the secret', async () => {
		const leaked = 'whsec_dummy_returned_without_id';
		answer = () => created({ secret: leaked, events: EVENTS });
		const harness = fakeTrigger();
		const error = await harness.activate().then(
			() => undefined,
			(thrown: unknown) => thrown,
		);
		expect(error).toBeInstanceOf(Error);
		expect((error as Error).message).toMatch(/did not return the webhook endpoint's id/);
		expect(JSON.stringify(error)).not.toContain(leaked);
		expect(String((error as Error).stack)).not.toContain(leaked);
		expect(harness.staticData()).toEqual({});
		expect(changedOnFakeApi()).toEqual([`POST ${ENDPOINTS_PATH}`]);
	});

	it('create with no data at all fails and stores nothing', async () => {
		answer = () => ({ status: 201, body: { success: true, message: 'ok' } });
		const harness = fakeTrigger();
		await expect(harness.activate()).rejects.toThrow(/id and secret/);
		expect(harness.staticData()).toEqual({});
	});

	it('delete: a failure other than 404 is logged as a warning (without the secret) and deactivation finishes', async () => {
		answer = () => ({
			status: 500,
			body: { success: false, message: 'Upstream unavailable', error: 'INTERNAL_ERROR' },
		});
		const harness = fakeTrigger();
		const secret = 'whsec_dummy_stored_secret';
		Object.assign(harness.staticData(), {
			[STATIC_KEYS.endpointId]: 'endpoint-9',
			[STATIC_KEYS.secret]: secret,
			[STATIC_KEYS.url]: harness.webhookUrl(),
			[STATIC_KEYS.events]: EVENTS,
		});
		const warn = jest.spyOn(harness.logger(), 'warn').mockImplementation(() => undefined);
		try {
			expect(await harness.deactivate()).toBe(true);
			expect(warn.mock.calls[0][0]).toContain('endpoint-9');
			expect(warn.mock.calls[0][0]).toContain('Upstream unavailable');
			expect(JSON.stringify(warn.mock.calls)).not.toContain(secret);
		} finally {
			warn.mockRestore();
		}
		expect(changedOnFakeApi()).toEqual([`DELETE ${ENDPOINTS_PATH}/endpoint-9`]);
		expect(harness.staticData()[STATIC_KEYS.endpointId]).toBeUndefined();
		expect(harness.staticData()[STATIC_KEYS.secret]).toBeUndefined();
	});
});
