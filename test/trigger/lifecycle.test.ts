/**
 * The trigger's webhook lifecycle (checkExists / create / delete) in n8n-core's real HookContext, against the
 * sandbox over HTTP; a fake API played by the receiver covers platforms that list, page and answer otherwise.
 */
import type { INodeParameters } from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import { TriggerHarness } from '../harness/trigger';
import { startReceiver } from '../harness/receiver';
import { STORED, signedRequest } from '../harness/triggerDeliveries';
import { ENDPOINTS_PATH, EVENTS, usePlatformSandbox } from '../harness/platformEndpoints';
import { WEBHOOK_EVENTS } from '../../nodes/shared/documentedValues';

type Receiver = Awaited<ReturnType<typeof startReceiver>>;

/** A removal delay short enough for a test, long enough to publish again within it. */
const SHORT_DELAY_SECONDS = 0.3;

const { sandbox, sandboxEndpoints, registerDirectly, removeDirectly } = usePlatformSandbox();

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

/** The endpoint registered for the selected events only (Endpoint Events), where a change of events reaches the platform. */
const SELECTED_ONLY = { endpointEvents: 'selected' };
const ALL_NINE = [...WEBHOOK_EVENTS];

function trigger(events: string[] = EVENTS, options: INodeParameters = {}): TriggerHarness {
	return new TriggerHarness({ target: sandbox(), parameters: { events, options } });
}

/** A trigger published on the sandbox, what it stored, and the requests of its publishing cleared. */
async function published(events: string[] = EVENTS, options: INodeParameters = {}) {
	const harness = trigger(events, options);
	await harness.activate();
	const stored = { ...harness.staticData() };
	sandbox().clearRequests();
	return { harness, stored, id: stored[STORED.endpointId] as string };
}

/** The old secret, kept to verify what it signed for its grace. */
const keptForItsGrace = (secret: unknown) => [
	{ secret, until: expect.any(Number), since: expect.any(Number), rotation: 0 },
];

/** Waits until `check` holds (a removal that happens after the delay), at most 5 s. */
async function eventually(check: () => Promise<boolean>): Promise<void> {
	for (let waited = 0; waited < 5_000; waited += 50) {
		if (await check()) return;
		await sleep(50);
	}
	throw new Error('did not happen within 5 s');
}

describe('create', () => {
	it.each([
		['every documented event (the default)', {}, ALL_NINE],
		['the selected events only (Endpoint Events)', SELECTED_ONLY, EVENTS],
	])(
		'registers the webhook URL for %s, and stores id, secret, URL and events',
		async (_, options, registered) => {
			const harness = trigger(EVENTS, options);
			expect(await harness.activate()).toBe(true);

			const [endpoint] = await sandboxEndpoints();
			expect(endpoint).toMatchObject({ url: harness.webhookUrl(), events: registered });
			expect(endpointRequests()).toEqual([
				LISTED,
				{
					method: 'POST',
					path: ENDPOINTS_PATH,
					body: { url: harness.webhookUrl(), events: registered },
					status: 201,
				},
			]);

			const staticData = harness.staticData();
			expect(staticData[STORED.endpointId]).toBe(endpoint.id);
			expect(staticData[STORED.secret]).toEqual(expect.stringMatching(/^whsec_/));
			expect(staticData[STORED.url]).toBe(harness.webhookUrl());
			expect(staticData[STORED.events]).toEqual(registered);
		},
	);

	it('fails with a clear error and calls nothing when no event is selected', async () => {
		const harness = trigger([]);
		await expect(harness.activate()).rejects.toThrow('Select at least one event');
		expect(endpointRequests()).toEqual([]);
		expect(harness.staticData()[STORED.endpointId]).toBeUndefined();
	});

	it('"Listen for test event" registers its own endpoint with the test URL, apart from production', async () => {
		const { harness, stored: production } = await published(EVENTS, { endpointRemovalDelay: 0 });
		await harness.listenForTestEvent();
		const testUrl = harness.webhookUrl(true);
		expect(testUrl).toContain('/webhook-test/');
		expect(harness.staticData(true)[STORED.url]).toBe(testUrl);
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
		const { harness } = await published();
		expect(await harness.runHook('checkExists')).toBe(true);
		harness.setParameters({ events: [...EVENTS].reverse(), options: {} });
		expect(await harness.activate()).toBe(false);
		expect(endpointRequests()).toEqual([LISTED, LISTED]);
		expect(await sandboxEndpoints()).toHaveLength(1);
	});

	it('by default a change of events changes nothing on the platform: the same endpoint and secret, only the list read', async () => {
		const { harness, stored: before } = await published();
		for (const events of [['charge.captured'], ['charge.chargeback', 'charge.voided'], EVENTS]) {
			harness.setParameters({ events, options: {} });
			expect(await harness.activate()).toBe(false);
		}
		expect(changingRequests()).toEqual([]);
		expect(harness.staticData()).toEqual(before);
	});

	it('an endpoint registered for the selected events before the default changed is kept while it covers them, and widened to all nine when an event is added', async () => {
		const { harness, stored: before, id } = await published(EVENTS, SELECTED_ONLY);
		harness.setParameters({ events: ['charge.refunded'], options: {} });
		expect(await harness.activate()).toBe(false);
		expect(changingRequests()).toEqual([]);
		expect(harness.staticData()).toEqual(before);

		harness.setParameters({ events: ['charge.refunded', 'charge.voided'], options: {} });
		expect(await harness.activate()).toBe(false);
		expect(changingRequests()).toEqual([
			{
				method: 'PATCH',
				path: `${ENDPOINTS_PATH}/${id}`,
				body: { url: harness.webhookUrl(), events: ALL_NINE },
				status: 200,
			},
		]);
		expect(harness.staticData()).toEqual({ ...before, [STORED.events]: ALL_NINE });
	});

	it('with the selected events only, after a change of events: the endpoint is changed in place, same id and secret, nothing created', async () => {
		const { harness, stored: before, id } = await published(EVENTS, SELECTED_ONLY);
		harness.setParameters({ events: ['charge.captured'], options: SELECTED_ONLY });
		expect(await harness.activate()).toBe(false);
		expect(changingRequests()).toEqual([
			{
				method: 'PATCH',
				path: `${ENDPOINTS_PATH}/${id}`,
				body: { url: harness.webhookUrl(), events: ['charge.captured'] },
				status: 200,
			},
		]);
		expect(await sandboxEndpoints()).toMatchObject([{ id, events: ['charge.captured'] }]);
		expect(harness.staticData()).toEqual({ ...before, [STORED.events]: ['charge.captured'] });
	});

	it('after a change of URL: the old endpoint is removed, a new one registered, the old secret kept for its grace', async () => {
		const { harness, id: oldId, stored } = await published();
		harness.staticData()[STORED.url] = 'https://old-n8n.example.com/webhook/x/webhook';

		expect(await harness.activate()).toBe(true);
		const endpoints = await sandboxEndpoints();
		expect(endpoints.map((endpoint) => endpoint.id)).not.toContain(oldId);
		expect(endpoints.map((endpoint) => endpoint.url)).toEqual([harness.webhookUrl()]);
		expect(harness.staticData()[STORED.previousSecrets]).toEqual(
			keptForItsGrace(stored[STORED.secret]),
		);
	});

	it('an id stored without its secret is stale: registered anew (the old endpoint, with this URL, removed)', async () => {
		const { harness, id: oldId } = await published();
		delete harness.staticData()[STORED.secret];

		expect(await harness.activate()).toBe(true);
		expect((await sandboxEndpoints()).map((endpoint) => endpoint.id)).not.toContain(oldId);
		expect(harness.staticData()[STORED.secret]).toEqual(expect.stringMatching(/^whsec_/));
	});
});

describe('checkExists repairs the registration from the endpoint list', () => {
	it('an endpoint missing from the platform is registered again, with a warning', async () => {
		const { harness, id: oldId } = await published();
		await removeDirectly(oldId);

		const warnings = await harness.logged('warn', async () =>
			expect(await harness.activate()).toBe(true),
		);
		expect(warnings).toEqual([
			expect.stringMatching(new RegExp(`${oldId} is missing from the platform's endpoint list`)),
		]);
		const endpoints = await sandboxEndpoints();
		expect(endpoints).toHaveLength(1);
		expect(endpoints[0]).toMatchObject({ url: harness.webhookUrl(), events: ALL_NINE });
		expect(endpoints[0].id).not.toBe(oldId);
		expect(harness.staticData()[STORED.endpointId]).toBe(endpoints[0].id);
	});

	it("another endpoint with this webhook's URL (its secret unknown to n8n) is removed; ours is kept", async () => {
		const { harness, id: ours } = await published();
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
		expect(harness.staticData()[STORED.endpointId]).toBe(endpoints[0].id);
	});

	it('three restarts against a platform that writes URLs and events its own way and pages by 2: 0 creates, 0 deletes', async () => {
		const { harness } = await published();
		for (let i = 0; i < 3; i++) await registerDirectly(`https://other.example.com/hook/${i}`);
		sandbox().setEndpointList('rewritten');
		try {
			sandbox().clearRequests();
			for (let restart = 0; restart < 3; restart++) expect(await harness.activate()).toBe(false);
			expect(changingRequests()).toEqual([]);
			// Every page was read: 4 endpoints by 2, and the empty page after them.
			expect(endpointRequests()).toHaveLength(3 * 3);
		} finally {
			sandbox().setEndpointList('as-registered');
		}
	});

	it('on a rewritten list an endpoint with this URL (written its own way) is still found foreign and removed', async () => {
		const { harness } = await published();
		const foreign = await registerDirectly(harness.webhookUrl());
		sandbox().setEndpointList('rewritten');
		try {
			sandbox().clearRequests();
			expect(await harness.activate()).toBe(false);
			expect(changingRequests()).toEqual([
				expect.objectContaining({ method: 'DELETE', path: `${ENDPOINTS_PATH}/${foreign.id}` }),
			]);
		} finally {
			sandbox().setEndpointList('as-registered');
		}
	});
});

describe('unpublish, and publishing again', () => {
	it('unpublish: the endpoint stays for the removal delay (60 s by default), then is removed', async () => {
		const { harness, id } = await published(EVENTS, { endpointRemovalDelay: SHORT_DELAY_SECONDS });
		expect(await harness.deactivate()).toBe(true);
		expect(changingRequests()).toEqual([]);
		expect(harness.staticData()[STORED.releasedAt]).toEqual(expect.any(Number));
		await eventually(async () => (await sandboxEndpoints()).length === 0);
		expect(changingRequests()).toEqual([
			{ method: 'DELETE', path: `${ENDPOINTS_PATH}/${id}`, body: undefined, status: 200 },
		]);
	});

	it('publishing again within the delay takes the same endpoint and secret back: nothing removed, nothing created', async () => {
		const { harness, stored: registered } = await published(EVENTS, {
			endpointRemovalDelay: SHORT_DELAY_SECONDS,
		});
		await harness.deactivate();
		expect(await harness.activate()).toBe(false);
		await sleep(SHORT_DELAY_SECONDS * 1000 + 300);
		expect(changingRequests()).toEqual([]);
		expect(harness.staticData()).toEqual(registered);
		expect(await sandboxEndpoints()).toMatchObject([{ id: registered[STORED.endpointId] }]);
	});

	it('publishing again with the trigger changed (other events): the endpoint is taken back and changed in place', async () => {
		const options = { ...SELECTED_ONLY, endpointRemovalDelay: SHORT_DELAY_SECONDS };
		const { harness, id } = await published(EVENTS, options);
		await harness.deactivate();
		harness.setParameters({ events: ['charge.refunded'], options });
		expect(await harness.activate()).toBe(false);
		await sleep(SHORT_DELAY_SECONDS * 1000 + 300);
		expect(await sandboxEndpoints()).toMatchObject([{ id, events: ['charge.refunded'] }]);
	});

	it('an endpoint released by another process (or before a restart) is not taken back: a new one, the old secret kept for its grace counted from the unpublish, not from the next publish', async () => {
		const { stored: old } = await published();
		const hour = 3_600_000;
		const publishedAgain = (releasedHoursAgo: number) => {
			const other = trigger();
			Object.assign(other.staticData(), old, {
				[STORED.releasedAt]: Date.now() - releasedHoursAgo * hour,
			});
			return other;
		};
		const recent = publishedAgain(1);
		expect(await recent.activate()).toBe(true);
		const endpoints = await sandboxEndpoints();
		expect(endpoints).toHaveLength(1);
		expect(endpoints[0].id).not.toBe(old[STORED.endpointId]);
		expect(recent.staticData()[STORED.previousSecrets]).toEqual(
			keptForItsGrace(old[STORED.secret]),
		);
		expect(recent.staticData()[STORED.releasedAt]).toBeUndefined();
		const until = (recent.staticData()[STORED.previousSecrets] as Array<{ until: number }>)[0]
			.until;
		expect(Math.round((until - Date.now()) / hour)).toBe(71);
		const longAgo = publishedAgain(73);
		await longAgo.activate();
		expect(longAgo.staticData()[STORED.previousSecrets]).toBeUndefined();
	});

	it('with a delay of 0 the endpoint is removed at once, and id and secret cleared', async () => {
		const { harness, id } = await published(EVENTS, { endpointRemovalDelay: 0 });
		expect(await harness.deactivate()).toBe(true);
		expect(endpointRequests()).toEqual([
			{ method: 'DELETE', path: `${ENDPOINTS_PATH}/${id}`, body: undefined, status: 200 },
			LISTED,
		]);
		expect(await sandboxEndpoints()).toEqual([]);
		expect(harness.staticData()[STORED.endpointId]).toBeUndefined();
		expect(harness.staticData()[STORED.secret]).toBeUndefined();
	});

	it('an endpoint already gone (404) is fine, and nothing is logged as a warning', async () => {
		const { harness, stored } = await published(EVENTS, { endpointRemovalDelay: 0 });
		await harness.deactivate();

		// Deleting again, with the same registration still stored (e.g. removed on the platform meanwhile).
		Object.assign(harness.staticData(), stored);
		sandbox().clearRequests();
		const warnings = await harness.logged('warn', async () =>
			expect(await harness.deactivate()).toBe(true),
		);
		expect(changingRequests()).toEqual([
			expect.objectContaining({ method: 'DELETE', status: 404 }),
		]);
		expect(warnings).toEqual([]);
		expect(harness.staticData()[STORED.endpointId]).toBeUndefined();
	});

	it('with nothing stored, calls nothing and still succeeds', async () => {
		expect(await trigger().deactivate()).toBe(true);
		expect(endpointRequests()).toEqual([]);
	});
});

describe('checkExists against platforms that list, page and change endpoints otherwise', () => {
	let api: Receiver;
	/** The endpoints the fake platform has; undefined: it has no list (404). */
	let endpoints: Array<Record<string, unknown>> | undefined;
	/** How the fake platform answers a list page. */
	let listAnswer: (page: number) => unknown;
	let patches: 'work' | 'are not known';
	/** What a PATCH that works answers: the endpoint with its new events, without data, with the old events. */
	let patchAnswer: 'new events' | 'no data' | 'old events';
	let deletes: 'work' | 'are ignored';
	/** An answer to every request instead of the platform's (a misbehaving API); unset before each test. */
	let answer: ((method: string) => { status: number; body: unknown }) | undefined;

	const pageOf = (page: number, size: number) =>
		(endpoints ?? []).slice((page - 1) * size, page * size);
	/** Pages of `size`, each saying only its number (no total, no page count). */
	const pagedWithoutTotal = (size: number) => (page: number) => ({
		success: true,
		message: 'ok',
		data: pageOf(page, size),
		pagination: { page },
	});

	beforeAll(async () => {
		api = await startReceiver((request) => {
			if (answer) return answer(request.method);
			const page = Number(request.query.page ?? 1);
			if (request.method === 'GET') {
				if (endpoints === undefined)
					return {
						status: 404,
						body: { success: false, message: 'Not found', error: 'NOT_FOUND' },
					};
				return { status: 200, body: listAnswer(page) };
			}
			if (request.method === 'PATCH') {
				const { url, events } = JSON.parse(request.rawBody.toString('utf8') || '{}') as {
					url?: string;
					events?: string[];
				};
				const answered =
					patchAnswer === 'no data'
						? undefined
						: {
								id: 'endpoint-1',
								url,
								events: patchAnswer === 'old events' ? ['charge.captured'] : events,
							};
				return patches === 'work'
					? { status: 200, body: { success: true, message: 'updated', data: answered } }
					: { status: 404, body: { success: false, message: 'Not found', error: 'NOT_FOUND' } };
			}
			if (request.method === 'DELETE') {
				const id = request.path.split('/').pop() as string;
				if (deletes === 'work' && endpoints) endpoints = endpoints.filter((e) => e.id !== id);
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
		answer = undefined;
		patches = 'work';
		patchAnswer = 'new events';
		deletes = 'work';
		listAnswer = (page) => ({
			success: true,
			message: 'ok',
			data: pageOf(page, 100),
			pagination: { page, perPage: 100, total: endpoints?.length, totalPages: 1 },
		});
	});

	const changed = () =>
		api.exchanges
			.map(({ request }) => `${request.method} ${request.path}`)
			.filter((line) => !line.startsWith('GET '));
	const pagesRead = () =>
		api.exchanges
			.filter(({ request }) => request.method === 'GET')
			.map(({ request }) => request.query.page);

	const fakeTrigger = (events = EVENTS, options: INodeParameters = {}) =>
		new TriggerHarness({
			target: { url: api.url, publicKey: 'pk_test', secretKey: 'sk_test' },
			parameters: { events, options },
		});

	function storedTrigger(events = EVENTS, options: INodeParameters = {}): TriggerHarness {
		const harness = fakeTrigger(events, options);
		Object.assign(harness.staticData(), {
			[STORED.endpointId]: 'endpoint-1',
			[STORED.secret]: 'whsec_dummy_stored',
			[STORED.url]: harness.webhookUrl(),
			[STORED.events]: EVENTS,
		});
		return harness;
	}

	const others = (count: number) =>
		Array.from({ length: count }, (_, i) => ({
			id: `other-${i}`,
			url: `https://elsewhere.example.com/${i}`,
		}));

	it.each([
		[
			'another way of writing its URL',
			(url: string) => ({ url: `${url.replace('http://', 'HTTP://')}/` }),
		],
		['its URL with a port written out and capitals', (url: string) => ({ url: url.toUpperCase() })],
		['its events written otherwise', () => ({ events: ['CHARGE_CAPTURED', 'CHARGE_REFUNDED'] })],
		['other events altogether', () => ({ events: ['charge.voided'] })],
		['no url and no events', () => ({ url: undefined, events: undefined })],
	])(
		'the stored endpoint listed under its id with %s is kept: nothing removed, nothing created',
		async (_name, change) => {
			const harness = storedTrigger();
			endpoints = [
				{
					id: 'endpoint-1',
					url: harness.webhookUrl(),
					events: EVENTS,
					...change(harness.webhookUrl()),
				},
			];
			expect(await harness.activate()).toBe(false);
			expect(changed()).toEqual([]);
		},
	);

	it('a list paged without totalPages is read to its end (pages of 2, the stored endpoint on page 3)', async () => {
		const harness = storedTrigger();
		endpoints = [...others(4), { id: 'endpoint-1', url: harness.webhookUrl() }];
		listAnswer = pagedWithoutTotal(2);
		expect(await harness.activate()).toBe(false);
		expect(pagesRead()).toEqual(['1', '2', '3', '4']);
		expect(changed()).toEqual([]);
	});

	it('a list without any pagination that ignores the page number is read once, whole', async () => {
		const harness = storedTrigger();
		endpoints = [...others(3), { id: 'endpoint-1', url: harness.webhookUrl() }];
		listAnswer = () => ({ success: true, message: 'ok', data: endpoints });
		expect(await harness.activate()).toBe(false);
		expect(pagesRead()).toEqual(['1', '2']);
		expect(changed()).toEqual([]);
	});

	it.each(['items', 'endpoints', 'webhooks'])('a list under data.%s is read', async (key) => {
		const harness = storedTrigger();
		endpoints = [{ id: 'endpoint-1', url: harness.webhookUrl() }];
		listAnswer = (page) => ({ success: true, message: 'ok', data: { [key]: pageOf(page, 100) } });
		expect(await harness.activate()).toBe(false);
		expect(changed()).toEqual([]);
	});

	it('a list longer than the trigger reads (50 pages) is not complete: an endpoint not seen is kept, not orphaned', async () => {
		const harness = storedTrigger();
		endpoints = others(60);
		listAnswer = pagedWithoutTotal(1);
		expect(await harness.activate()).toBe(false);
		expect(pagesRead()).toHaveLength(50);
		expect(changed()).toEqual([]);
	});

	it('a list in a shape the trigger cannot read keeps the stored endpoint, with a warning', async () => {
		const harness = storedTrigger();
		endpoints = [];
		listAnswer = () => ({ success: true, message: 'ok', data: { count: 0 } });
		const warnings = await harness.logged('warn', async () =>
			expect(await harness.activate()).toBe(false),
		);
		expect(warnings[0]).toMatch(/has no list of endpoints in its data/);
		expect(changed()).toEqual([]);
	});

	it('a platform without a list (404) keeps the stored registration, with one line in the log', async () => {
		const harness = storedTrigger();
		endpoints = undefined;
		const lines = await harness.logged('info', async () =>
			expect(await harness.activate()).toBe(false),
		);
		expect(lines).toEqual([expect.stringMatching(/404 to GET \/v1\/postbacks\/endpoints/)]);
		expect(api.exchanges.map(({ request }) => request.method)).toEqual(['GET']);
		expect(harness.staticData()[STORED.endpointId]).toBe('endpoint-1');
	});

	it('a platform that cannot change events in place, an event added: a new endpoint, the old one removed, its secret kept for its grace', async () => {
		const harness = storedTrigger(EVENTS);
		harness.staticData()[STORED.events] = ['charge.captured'];
		endpoints = [{ id: 'endpoint-1', url: harness.webhookUrl() }];
		patches = 'are not known';
		expect(await harness.activate()).toBe(true);
		expect(changed()).toEqual([
			`PATCH ${ENDPOINTS_PATH}/endpoint-1`,
			`DELETE ${ENDPOINTS_PATH}/endpoint-1`,
			`POST ${ENDPOINTS_PATH}`,
		]);
		expect(harness.staticData()[STORED.previousSecrets]).toEqual(
			keptForItsGrace('whsec_dummy_stored'),
		);
	});

	it('a platform that cannot change events in place, an event dropped: the endpoint and its secret stay (no new secret for nothing)', async () => {
		const harness = storedTrigger(['charge.captured'], SELECTED_ONLY);
		endpoints = [{ id: 'endpoint-1', url: harness.webhookUrl() }];
		patches = 'are not known';
		expect(await harness.activate()).toBe(false);
		expect(changed()).toEqual([`PATCH ${ENDPOINTS_PATH}/endpoint-1`]);
		expect(harness.staticData()).toMatchObject({
			[STORED.endpointId]: 'endpoint-1',
			[STORED.secret]: 'whsec_dummy_stored',
			[STORED.events]: EVENTS,
		});
		// The event no longer selected is answered and runs nothing.
		const outcome = await harness.receive(
			signedRequest({
				secret: 'whsec_dummy_stored',
				body: { event: 'charge.refunded', id: 'evt_1' },
			}),
		);
		expect(outcome).toMatchObject({ status: 200, ran: false });
	});

	it('a PATCH answered 2xx whose answer does not show the new events is refused: a new endpoint', async () => {
		for (const answer of ['no data', 'old events'] as const) {
			patchAnswer = answer;
			api.exchanges.length = 0;
			const harness = storedTrigger(EVENTS);
			harness.staticData()[STORED.events] = ['charge.captured'];
			endpoints = [{ id: 'endpoint-1', url: harness.webhookUrl() }];
			expect(await harness.activate()).toBe(true);
			expect(changed()).toEqual([
				`PATCH ${ENDPOINTS_PATH}/endpoint-1`,
				`DELETE ${ENDPOINTS_PATH}/endpoint-1`,
				`POST ${ENDPOINTS_PATH}`,
			]);
		}
	});

	it('a removal the list still shows is logged as a warning', async () => {
		const harness = storedTrigger(EVENTS, { endpointRemovalDelay: 0 });
		endpoints = [{ id: 'endpoint-1', url: harness.webhookUrl(), events: EVENTS }];
		deletes = 'are ignored';
		expect(await harness.logged('warn', () => harness.deactivate())).toEqual([
			expect.stringMatching(/endpoint-1 is still listed after it was removed/),
		]);
	});

	describe('against a misbehaving API', () => {
		const created = (data: unknown) => ({
			status: 201,
			body: { success: true, message: 'Webhook endpoint created', data },
		});

		it('create without a secret fails, stores nothing, and removes the half-made endpoint', async () => {
			answer = (method) =>
				method === 'POST'
					? created({ id: 'endpoint-1', url: 'x', events: EVENTS })
					: { status: 200, body: { success: true, message: 'deleted' } };
			const harness = fakeTrigger(EVENTS, { endpointRemovalDelay: 0 });
			await expect(harness.activate()).rejects.toThrow(
				/did not return the webhook endpoint's secret/,
			);
			expect(harness.staticData()).toEqual({});
			expect(changed()).toEqual([`POST ${ENDPOINTS_PATH}`, `DELETE ${ENDPOINTS_PATH}/endpoint-1`]);
		});

		it('create without an id fails, stores nothing, and the error does not carry the secret', async () => {
			const leaked = 'whsec_dummy_returned_without_id';
			answer = () => created({ secret: leaked, events: EVENTS });
			const harness = fakeTrigger(EVENTS, { endpointRemovalDelay: 0 });
			const error = await harness.activate().then(
				() => undefined,
				(thrown: unknown) => thrown,
			);
			expect(error).toBeInstanceOf(Error);
			expect((error as Error).message).toMatch(/did not return the webhook endpoint's id/);
			expect(JSON.stringify(error)).not.toContain(leaked);
			expect(String((error as Error).stack)).not.toContain(leaked);
			expect(harness.staticData()).toEqual({});
			expect(changed()).toEqual([`POST ${ENDPOINTS_PATH}`]);
		});

		it('create with no data at all fails and stores nothing', async () => {
			answer = () => ({ status: 201, body: { success: true, message: 'ok' } });
			const harness = fakeTrigger(EVENTS, { endpointRemovalDelay: 0 });
			await expect(harness.activate()).rejects.toThrow(/id and secret/);
			expect(harness.staticData()).toEqual({});
		});

		it('delete: a failure other than 404 is logged as a warning (without the secret) and deactivation finishes', async () => {
			answer = () => ({
				status: 500,
				body: { success: false, message: 'Upstream unavailable', error: 'INTERNAL_ERROR' },
			});
			const harness = storedTrigger(EVENTS, { endpointRemovalDelay: 0 });
			const warnings = await harness.logged('warn', async () =>
				expect(await harness.deactivate()).toBe(true),
			);
			expect(warnings[0]).toContain('endpoint-1');
			expect(warnings[0]).toContain('Upstream unavailable');
			expect(JSON.stringify(warnings)).not.toContain('whsec_dummy_stored');
			expect(changed()).toEqual([`DELETE ${ENDPOINTS_PATH}/endpoint-1`]);
			expect(harness.staticData()[STORED.endpointId]).toBeUndefined();
			expect(harness.staticData()[STORED.secret]).toBeUndefined();
		});
	});
});
