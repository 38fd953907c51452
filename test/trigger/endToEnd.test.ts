/**
 * End to end: the trigger registers its endpoint with the sandbox, the sandbox sends signed deliveries over HTTP to
 * a local receiver, and the receiver hands each one to the node's webhook() in-process (n8n-core's WebhookContext)
 * and answers with the status the node set, as n8n would.
 */
import axios from 'axios';
import { SEED } from '../../sandbox';
import { TriggerHarness, type WebhookOutcome } from '../harness/trigger';
import { receiverFor } from '../harness/triggerReceiver';
import { useSandbox } from '../harness/sandbox';
import { STORED } from '../harness/triggerDeliveries';

type Receiver = Awaited<ReturnType<typeof receiverFor>>;

const CHARGE_ID = SEED.charges.authorized;

const sandbox = useSandbox(
	{ delivery: { maxAttempts: 2, baseDelayMs: 10 } },
	{ resetBeforeEach: true },
);
let receiver: Receiver;
let harness: TriggerHarness;
const outcomes: WebhookOutcome[] = [];

beforeAll(async () => {
	receiver = await receiverFor(() => harness, outcomes);
});
afterAll(async () => {
	await receiver.stop();
});
beforeEach(async () => {
	outcomes.length = 0;
	receiver.exchanges.length = 0;
	harness = new TriggerHarness({
		target: sandbox(),
		parameters: {
			events: ['charge.captured', 'charge.refunded'],
			options: { endpointRemovalDelay: 0 },
		},
		webhookBaseUrl: `${receiver.url}/webhook`,
	});
	await harness.activate();
});

async function fireChargeEvent(event: string) {
	const response = await axios.post(`${sandbox().url}/__admin/charges/${CHARGE_ID}/events`, {
		event,
	});
	await sandbox().waitForDeliveries();
	return response.data.data.deliveries as Array<{ id: string }>;
}

function deliveryRecord(id: string) {
	const record = sandbox().deliveries.find((delivery) => delivery.id === id);
	if (!record) throw new Error(`no delivery ${id}`);
	return record;
}

it('a charge state change is delivered, verified, and runs the workflow with exactly one item', async () => {
	const [delivery] = await fireChargeEvent('charge.captured');

	expect(outcomes).toHaveLength(1);
	expect(outcomes[0].ran).toBe(true);
	expect(outcomes[0].items).toHaveLength(1);
	const item = outcomes[0].items[0].json;
	const sent = JSON.parse(sandbox().deliveryBody(delivery.id)!.toString('utf8'));
	expect(item).toEqual({
		id: delivery.id,
		event: 'charge.captured',
		charge: expect.objectContaining({ id: CHARGE_ID, status: 'captured' }),
		occurred_at: expect.any(String),
		body: sent,
		deliveryKey: `event:${delivery.id}`,
		notFound: [],
		unsignedFields: [],
		verification: { scheme: 'rawBody' },
		eventRecognised: true,
	});
	expect({
		id: item.id,
		event: item.event,
		charge: item.charge,
		occurred_at: item.occurred_at,
	}).toEqual(sent);
	expect(deliveryRecord(delivery.id)).toMatchObject({
		delivered: true,
		lastStatus: 200,
		attempts: 1,
	});
});

it('a redelivery (the same signed bytes) runs nothing and is acknowledged with 200', async () => {
	const [delivery] = await fireChargeEvent('charge.captured');
	await axios.post(`${sandbox().url}/__admin/deliveries/${delivery.id}/redeliver`);
	await sandbox().waitForDeliveries();

	expect(outcomes.map((outcome) => [outcome.status, outcome.ran])).toEqual([
		[200, true],
		[200, false],
	]);
	expect(outcomes[1].items).toEqual([]);
	expect(deliveryRecord(delivery.id)).toMatchObject({
		delivered: true,
		lastStatus: 200,
		attempts: 2,
	});
});

it('an event not selected reaches the endpoint (registered for all nine by default), is answered 200 and runs nothing', async () => {
	const [delivery] = await fireChargeEvent('charge.voided');
	expect(outcomes.map((outcome) => [outcome.status, outcome.ran])).toEqual([[200, false]]);
	expect(deliveryRecord(delivery.id)).toMatchObject({ delivered: true, lastStatus: 200 });
});

it('with Endpoint Events set to the selected ones, an event not selected is not delivered and runs nothing', async () => {
	await harness.deactivate();
	harness.setParameters({
		events: ['charge.captured', 'charge.refunded'],
		options: { endpointRemovalDelay: 0, endpointEvents: 'selected' },
	});
	await harness.activate();
	const deliveries = await fireChargeEvent('charge.voided');
	expect(deliveries).toEqual([]);
	expect(outcomes).toEqual([]);
});

it('a delivery the node cannot verify is answered 401, retried by the sandbox(), and runs nothing', async () => {
	harness.staticData()[STORED.secret] = 'whsec_dummy_rotated_secret';
	const [delivery] = await fireChargeEvent('charge.captured');

	expect(outcomes.map((outcome) => [outcome.status, outcome.ran])).toEqual([
		[401, false],
		[401, false],
	]);
	expect(deliveryRecord(delivery.id)).toMatchObject({
		delivered: false,
		lastStatus: 401,
		attempts: 2,
	});
});
