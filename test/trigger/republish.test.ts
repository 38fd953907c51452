/**
 * Publishing a fix while the platform resends the events that failed: n8n unpublishes and publishes the workflow
 * again (delete, then checkExists/create), and the events must still run once after the fix, for a sender that
 * keeps resending to the URL with the delivery's original signature and for one that drops the retries of a
 * deleted endpoint. The sandbox sends real signed deliveries over HTTP; a local receiver hands each to the node's
 * webhook() in n8n-core's WebhookContext and answers as n8n does after the workflow succeeds (500 while it fails).
 */
import axios from 'axios';
import { sleep } from 'n8n-workflow';
import { SEED } from '../../sandbox';
import { TriggerHarness, type WebhookOutcome } from '../harness/trigger';
import { receiverFor } from '../harness/triggerReceiver';
import { useSandbox } from '../harness/sandbox';

type Receiver = Awaited<ReturnType<typeof receiverFor>>;

const EVENTS = ['charge.captured', 'charge.refunded'];
const CHARGES = [SEED.charges.authorized, SEED.charges.captured];
/** The sender profile of each endpoint, by its URL: set per test. */
let profile: 'resend-every-failure' | 'drop-deleted-endpoint' = 'resend-every-failure';

const sandbox = useSandbox(
	{
		delivery: {
			maxAttempts: 8,
			baseDelayMs: 150,
			maxDelayMs: 600,
			profileOf: () => profile,
		},
	},
	{ resetBeforeEach: true },
);

let receiver: Receiver;
let harness: TriggerHarness;
/** Whether the workflow fails (the bug the user is fixing). */
let workflowFails = true;
const outcomes: WebhookOutcome[] = [];

beforeAll(async () => {
	receiver = await receiverFor(
		() => harness,
		outcomes,
		() => ({ runFails: workflowFails }),
	);
});
afterAll(async () => {
	await receiver.stop();
});

function newTrigger(options: Record<string, number> = { endpointRemovalDelay: 1 }): TriggerHarness {
	return new TriggerHarness({
		target: sandbox(),
		parameters: { events: EVENTS, acknowledge: 'lastNode', options },
		webhookBaseUrl: `${receiver.url}/webhook`,
	});
}

/** Two charge events whose runs fail; returns their delivery ids once each has been tried at least once. */
async function twoFailingEvents(): Promise<string[]> {
	workflowFails = true;
	const ids: string[] = [];
	for (const [index, chargeId] of CHARGES.entries()) {
		const event = index === 0 ? 'charge.captured' : 'charge.refunded';
		const response = await axios.post(`${sandbox().url}/__admin/charges/${chargeId}/events`, {
			event,
		});
		ids.push(...(response.data.data.deliveries as Array<{ id: string }>).map((d) => d.id));
	}
	while (outcomes.filter((outcome) => outcome.status === 500).length < ids.length) await sleep(20);
	return ids;
}

/** How many runs succeeded per delivery (by its signed bytes). */
function successfulRuns(ids: string[]): number[] {
	return ids.map((id) => {
		const body = JSON.stringify(JSON.parse(sandbox().deliveryBody(id)!.toString('utf8')));
		return outcomes.filter(
			(outcome) =>
				outcome.ran && outcome.items.some((item) => JSON.stringify(item.json.body) === body),
		).length;
	});
}

beforeEach(async () => {
	outcomes.length = 0;
	profile = 'resend-every-failure';
	harness = newTrigger();
	await harness.activate();
});

describe.each(['resend-every-failure', 'drop-deleted-endpoint'] as const)(
	'a sender that %s',
	(senderProfile) => {
		it('fix and publish while it resends: each failed event runs once after the fix', async () => {
			profile = senderProfile;
			harness = newTrigger();
			await harness.activate();
			const ids = await twoFailingEvents();

			// The user fixes a node after the trigger and publishes: n8n unpublishes, then publishes again.
			await harness.deactivate();
			expect(await harness.activate()).toBe(false);
			workflowFails = false;
			await sandbox().waitForDeliveries();

			expect(successfulRuns(ids)).toEqual([1, 1]);
			expect(outcomes.filter((outcome) => outcome.status === 401)).toEqual([]);
			for (const id of ids) {
				expect(sandbox().deliveries.find((d) => d.id === id)).toMatchObject({
					delivered: true,
					gaveUp: null,
				});
			}
		});
	},
);
