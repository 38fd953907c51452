/**
 * The endpoint is this workflow's own: a run that writes its static data back after a new registration does not
 * make the live endpoint's deliveries fail; a copy or a restored backup (the original's registration in its static
 * data, another URL) never changes or removes the original's endpoint; a domain change ends with one working endpoint
 * and a warning naming the old one; Secret Rotation revokes every earlier secret in one publish; a lowered grace
 * period applies to the secrets already kept. n8n-core's real HookContext and WebhookContext, the sandbox over HTTP.
 */
import type { IDataObject, INodeParameters, Workflow } from 'n8n-workflow';
import { TriggerHarness, TRIGGER_WEBHOOK_ID } from '../harness/trigger';
import { deliveryBody, signedRequest, STORED } from '../harness/triggerDeliveries';
import { ENDPOINTS_PATH, EVENTS, usePlatformSandbox } from '../harness/platformEndpoints';
import { known } from '../../nodes/PaymentPlatformTrigger/registrationState';
import { REGISTRATION_FIELD } from '../../nodes/PaymentPlatformTrigger/registrationCarry';
import { WEBHOOK_EVENTS } from '../../nodes/shared/documentedValues';

/** The same workflow's webhook URL on the first n8n (a copy keeps the node's webhook id, so only the host differs). */
const FIRST_N8N_URL = `https://first-n8n.example.com/webhook/${TRIGGER_WEBHOOK_ID}/webhook`;
/** Short enough for a test, long enough to publish again within it. */
const DELAY = { endpointRemovalDelay: 0.3 };
/** Registered for the selected events only (Endpoint Events): adding one needs a new endpoint and secret. */
const SELECTED_ONLY = { ...DELAY, endpointEvents: 'selected' };
const PATCH_REFUSED = {
	route: `PATCH ${ENDPOINTS_PATH}/*`,
	kind: 'success_false' as const,
	status: 405,
};

const { sandbox, sandboxEndpoints, registerDirectly } = usePlatformSandbox();

/** The trigger's parameters, the acknowledgement set as the editor saves it. */
const parameters = (events: string[], options: INodeParameters = {}): INodeParameters => ({
	events,
	acknowledge: 'lastNode',
	options,
});

function trigger(events: string[] = EVENTS, options: INodeParameters = {}): TriggerHarness {
	return new TriggerHarness({ target: sandbox(), parameters: parameters(events, options) });
}

let deliveries = 0;
/** A new delivery (its own bytes, so never a duplicate) signed with `secret`. */
function delivery(secret: string) {
	return signedRequest({ secret, body: deliveryBody({ id: `evt_${++deliveries}` }) });
}

/** What n8n does at the end of a run that loaded the static data before: the whole of it written back. */
function writeBack(staticData: IDataObject, loaded: IDataObject): void {
	for (const key of Object.keys(staticData)) delete staticData[key];
	Object.assign(staticData, JSON.parse(JSON.stringify(loaded)));
}

describe("another node's write-back of static data", () => {
	it('by default an event added while a run holds the static data changes no secret: its write-back, read by another process (queue mode), verifies the live endpoint', async () => {
		const harness = trigger(['charge.captured'], DELAY);
		await harness.activate();
		const loaded = JSON.parse(JSON.stringify(harness.staticData())) as IDataObject;

		sandbox().setFaults([PATCH_REFUSED]);
		harness.setParameters(parameters(EVENTS, DELAY));
		await harness.deactivate();
		expect(await harness.activate()).toBe(false);
		expect(harness.staticData()).toEqual(loaded);

		writeBack(harness.staticData(), loaded);
		// A webhook process of queue mode never made the registration: nothing in its memory to repair from.
		known.clear();
		const [live] = await sandboxEndpoints();
		expect(live.id).toBe(loaded[STORED.endpointId]);
		const refunded = signedRequest({
			secret: loaded[STORED.secret] as string,
			body: deliveryBody({ id: `evt_${++deliveries}`, event: 'charge.refunded' }),
		});
		expect(await harness.receive(refunded)).toMatchObject({ status: 200, ran: true });
	});

	it('with the selected events only, a run that loaded the static data before a new registration writes it back: the live endpoint still verifies in the process that registered it, and the registration is put back', async () => {
		const harness = trigger(['charge.captured'], SELECTED_ONLY);
		await harness.activate();
		const first = { ...harness.staticData() };
		// A delivery's run loads the static data; a Code node in it counts in the global static data; it waits.
		const loaded = JSON.parse(JSON.stringify(harness.staticData())) as IDataObject;

		// Meanwhile the user adds an event and publishes; the platform cannot change an endpoint in place.
		sandbox().setFaults([PATCH_REFUSED]);
		harness.setParameters(parameters(EVENTS, SELECTED_ONLY));
		await harness.deactivate();
		expect(await harness.activate()).toBe(true);
		const live = { ...harness.staticData() };
		expect(live[STORED.endpointId]).not.toBe(first[STORED.endpointId]);
		expect((await sandboxEndpoints()).map((endpoint) => endpoint.id)).toEqual([
			live[STORED.endpointId],
		]);

		// The run ends: n8n writes back the static data it loaded, with the old endpoint and secret.
		writeBack(harness.staticData(), loaded);
		expect(harness.staticData()[STORED.endpointId]).toBe(first[STORED.endpointId]);

		const outcome = await harness.receive(delivery(live[STORED.secret] as string));
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items[0].json).toMatchObject({ verification: { scheme: 'rawBody' } });
		expect(outcome.items[0].json.verification).not.toHaveProperty('secret');
		// The signed delivery put the live registration back; the old secret keeps its grace.
		expect(harness.staticData()).toMatchObject({
			[STORED.endpointId]: live[STORED.endpointId],
			[STORED.secret]: live[STORED.secret],
			[STORED.events]: EVENTS,
			[STORED.previousSecrets]: [expect.objectContaining({ secret: first[STORED.secret] })],
		});
		expect(await harness.receive(delivery(first[STORED.secret] as string))).toMatchObject({
			status: 200,
			ran: true,
		});
	});

	/** A registration replaced (an event added, PATCH refused) while a run held the old one, which it writes back. */
	async function replacedThenWrittenBack() {
		const harness = trigger(['charge.captured'], SELECTED_ONLY);
		await harness.activate();
		const loaded = JSON.parse(JSON.stringify(harness.staticData())) as IDataObject;
		sandbox().setFaults([PATCH_REFUSED]);
		harness.setParameters(parameters(EVENTS, SELECTED_ONLY));
		expect(await harness.activate()).toBe(true);
		const live = { ...harness.staticData() };
		writeBack(harness.staticData(), loaded);
		return { harness, loaded, live };
	}

	it('a forged delivery after the write-back is refused and changes nothing', async () => {
		const { harness, loaded } = await replacedThenWrittenBack();

		const outcome = await harness.receive(delivery('whsec_dummy_forger'));
		expect(outcome).toMatchObject({ status: 401, ran: false });
		expect(harness.staticData()).toEqual(loaded);
	});

	it('the next publish puts the registration back too', async () => {
		const { harness, live } = await replacedThenWrittenBack();
		sandbox().setFaults([]);
		sandbox().clearRequests();

		expect(await harness.activate()).toBe(false);
		expect(harness.staticData()[STORED.endpointId]).toBe(live[STORED.endpointId]);
		expect(sandbox().requests.filter((request) => request.method !== 'GET')).toEqual([]);
	});
});

describe('a copy or a restored backup with another URL', () => {
	/** The original's registration, as `n8n export:workflow` carries it in the static data. */
	async function copyOfThePublishedWorkflow(options: INodeParameters = {}) {
		const original = await registerDirectly(FIRST_N8N_URL);
		const copy = trigger(EVENTS, options);
		Object.assign(copy.staticData(), {
			[STORED.endpointId]: original.id,
			[STORED.secret]: original.secret,
			[STORED.url]: FIRST_N8N_URL,
			[STORED.events]: EVENTS,
		});
		return { original, copy };
	}

	it("publishing it (or a domain change: WEBHOOK_URL moved) registers its own endpoint, leaves the original's as it was, and warns naming it", async () => {
		const { original, copy } = await copyOfThePublishedWorkflow();
		sandbox().clearRequests();
		const warnings = await copy.logged('warn', async () =>
			expect(await copy.activate()).toBe(true),
		);
		expect(warnings).toEqual([
			expect.stringMatching(
				new RegExp(
					`endpoint ${original.id} is registered for another URL .*remove endpoint ${original.id}`,
				),
			),
		]);
		const endpoints = await sandboxEndpoints();
		expect(endpoints).toEqual(
			expect.arrayContaining([
				expect.objectContaining({ id: original.id, url: FIRST_N8N_URL, events: EVENTS }),
				expect.objectContaining({
					id: copy.staticData()[STORED.endpointId],
					url: copy.webhookUrl(),
					events: [...WEBHOOK_EVENTS],
				}),
			]),
		);
		expect(endpoints).toHaveLength(2);
		expect(sandbox().requests.filter((request) => request.path.includes(original.id))).toEqual([]);
		const own = copy.staticData()[STORED.secret] as string;
		expect(await copy.receive(delivery(own))).toMatchObject({ status: 200, ran: true });
	});

	it("unpublishing it removes only its own endpoint, never the original's", async () => {
		const { original, copy } = await copyOfThePublishedWorkflow({ endpointRemovalDelay: 0 });
		await copy.activate();
		await copy.deactivate();
		expect(await sandboxEndpoints()).toEqual([
			expect.objectContaining({ id: original.id, url: FIRST_N8N_URL }),
		]);
	});

	it("unpublished before its own registration (n8n calls delete only): the original's endpoint stays", async () => {
		const { original, copy } = await copyOfThePublishedWorkflow({ endpointRemovalDelay: 0 });
		await copy.deactivate();
		expect((await sandboxEndpoints()).map((endpoint) => endpoint.id)).toEqual([original.id]);
	});
});

describe('a run on a queue-mode worker, which starts without the static data', () => {
	/** What n8n does when a run's static data changed: it saves that run's static data over the whole column. */
	function saveWhole(target: Workflow, run: Workflow): void {
		const column = target.staticData;
		for (const key of Object.keys(column)) delete column[key];
		for (const [key, value] of Object.entries(run.staticData)) {
			column[key] = JSON.parse(JSON.stringify(value)) as IDataObject;
		}
	}

	/** What webhook() hands to the run for a delivery (n8n stores it with the execution while it waits for a worker). */
	async function handedOver(harness: TriggerHarness, secret: string) {
		const received = await harness.receive(delivery(secret), { executionNotStarted: true });
		return received.result.workflowData?.[0] ?? [];
	}

	it("another node's write there keeps the trigger's registration: the next delivery verifies", async () => {
		const harness = trigger(['charge.captured'], DELAY);
		await harness.activate();
		const secret = harness.staticData()[STORED.secret] as string;

		const { worker, output } = await harness.runOnWorker(await handedOver(harness, secret));
		expect(output).toHaveLength(1);
		// Put back without making n8n save anything by itself.
		expect(worker.staticData.__dataChanged).toBe(false);
		expect(worker.getStaticData('node', harness.node)).toMatchObject({
			[STORED.endpointId]: harness.staticData()[STORED.endpointId],
			[STORED.secret]: secret,
		});
		// A Code node counts in the global static data; n8n saves the worker's static data whole.
		worker.getStaticData('global', harness.node).runs = 1;
		expect(worker.staticData.__dataChanged).toBe(true);
		saveWhole(harness.production, worker);

		expect(harness.production.staticData.global).toEqual({ runs: 1 });
		expect(await harness.receive(delivery(secret))).toMatchObject({ status: 200, ran: true });
	});

	it('the item hands the registration sealed, never in the clear, and the trigger outputs nothing of it', async () => {
		const harness = trigger(['charge.captured'], DELAY);
		await harness.activate();
		const secret = harness.staticData()[STORED.secret] as string;

		const items = await handedOver(harness, secret);
		const handed = JSON.stringify(items);
		expect(handed).toContain(REGISTRATION_FIELD);
		expect(handed).not.toContain(secret);
		expect(handed).not.toContain(secret.replace(/^whsec_/, ''));
		const { output } = await harness.runOnWorker(items);
		expect(output[0].json).not.toHaveProperty(REGISTRATION_FIELD);
	});

	it('altered, the sealed registration puts nothing back and leaves the static data unchanged', async () => {
		const harness = trigger(['charge.captured'], DELAY);
		await harness.activate();
		const secret = harness.staticData()[STORED.secret] as string;
		const item = (await handedOver(harness, secret))[0].json;
		const [version, , payload] = String(item[REGISTRATION_FIELD]).split('.');
		const flipped = `${payload.slice(0, 20)}${payload[20] === 'A' ? 'B' : 'A'}${payload.slice(21)}`;
		// A newer time in the clear makes the run open it; the authentication tag refuses it.
		const sealed = [version, Date.now() + 1_000, flipped].join('.');

		const { worker } = await harness.runOnWorker([
			{ json: { ...item, [REGISTRATION_FIELD]: sealed } },
		]);
		expect(worker.getStaticData('node', harness.node)[STORED.secret]).toBeUndefined();
		expect(worker.staticData.__dataChanged).toBe(false);
	});

	it('an older registration never replaces a newer one the run holds, whatever time its seal shows in the clear', async () => {
		const harness = trigger(['charge.captured'], DELAY);
		await harness.activate();
		const older = { ...harness.staticData() };
		const item = (await handedOver(harness, older[STORED.secret] as string))[0].json;
		const [version, , payload] = String(item[REGISTRATION_FIELD]).split('.');
		// Revoked and registered anew since: the run loads the newer registration.
		harness.setParameters(parameters(['charge.captured'], { ...DELAY, secretRotation: 1 }));
		await harness.activate();
		const newer = { ...harness.staticData() };
		const column = { [`node:${harness.node.name}`]: newer };

		const sealed = [version, Date.now() + 60_000, payload].join('.');
		const { worker: run } = await harness.runOnWorker(
			[{ json: { ...item, [REGISTRATION_FIELD]: sealed } }],
			column,
		);
		expect(run.getStaticData('node', harness.node)).toEqual(newer);
		expect(run.getStaticData('node', harness.node)[STORED.secret]).not.toBe(older[STORED.secret]);
	});
});

describe('a leaked secret revoked in one step (Secret Rotation)', () => {
	it('raising Secret Rotation and publishing: the endpoint is replaced at once and no earlier secret verifies, even written back', async () => {
		const harness = trigger(EVENTS, DELAY);
		await harness.activate();
		const leaked = harness.staticData()[STORED.secret] as string;
		const oldId = harness.staticData()[STORED.endpointId] as string;
		harness.staticData()[STORED.previousSecrets] = [
			{ secret: 'whsec_dummy_previous', until: Date.now() + 3_600_000, since: Date.now() },
		];
		const loaded = JSON.parse(JSON.stringify(harness.staticData())) as IDataObject;

		// Unpublish (the endpoint would stay for the removal delay) and publish with the option raised.
		await harness.deactivate();
		harness.setParameters(parameters(EVENTS, { ...DELAY, secretRotation: 1 }));
		expect(await harness.activate()).toBe(true);
		const endpoints = await sandboxEndpoints();
		expect(endpoints.map((endpoint) => endpoint.id)).toEqual([
			harness.staticData()[STORED.endpointId],
		]);
		expect(endpoints[0].id).not.toBe(oldId);
		expect(harness.staticData()[STORED.previousSecrets]).toBeUndefined();

		for (const secret of [leaked, 'whsec_dummy_previous']) {
			expect(await harness.receive(delivery(secret))).toMatchObject({ status: 401, ran: false });
		}
		const fresh = harness.staticData()[STORED.secret] as string;
		expect(await harness.receive(delivery(fresh))).toMatchObject({ status: 200, ran: true });

		// A run that loaded the static data before the rotation writes it back: the leaked secret stays revoked.
		writeBack(harness.staticData(), loaded);
		for (const secret of [leaked, 'whsec_dummy_previous']) {
			expect(await harness.receive(delivery(secret))).toMatchObject({ status: 401, ran: false });
		}

		// Publishing again with the same number keeps the new endpoint.
		expect(await harness.activate()).toBe(false);
		expect(harness.staticData()[STORED.secret]).toBe(fresh);
	});

	it('lowering the grace period applies to the previous secrets already kept (0: none verifies)', async () => {
		const harness = trigger(EVENTS);
		await harness.activate();
		harness.staticData()[STORED.previousSecrets] = [
			{
				secret: 'whsec_dummy_previous',
				until: Date.now() + 72 * 3_600_000,
				since: Date.now() - 3_600_000,
			},
		];
		expect(await harness.receive(delivery('whsec_dummy_previous'))).toMatchObject({
			status: 200,
			ran: true,
		});
		harness.setParameters(parameters(EVENTS, { previousSecretHours: 0.5 }));
		expect(await harness.receive(delivery('whsec_dummy_previous'))).toMatchObject({
			status: 401,
		});
		harness.setParameters(parameters(EVENTS, { previousSecretHours: 0 }));
		expect(await harness.receive(delivery('whsec_dummy_previous'))).toMatchObject({
			status: 401,
		});
	});
});
