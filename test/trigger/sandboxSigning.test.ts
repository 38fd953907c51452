/**
 * The sandbox signs in each family (SANDBOX_SIGNING): its deliveries, sent over HTTP to a local receiver that hands
 * them to the trigger's webhook() in-process, run the workflow with no setting changed and say which family.
 */
import axios from 'axios';
import { SEED, startSandbox } from '../../sandbox';
import { SIGNING_SCHEMES, signingFromEnv } from '../../sandbox/signature';
import { TriggerHarness, type WebhookOutcome } from '../harness/trigger';
import { receiverFor } from '../harness/triggerReceiver';

const FAMILY_OF: Record<string, string> = {
	'raw-body': 'rawBody',
	timestamped: 'timestamped',
	'timestamp-header': 'timestampHeader',
	'standard-webhooks': 'standardWebhooks',
};

it('SANDBOX_SIGNING: empty is raw-body, an unknown scheme is refused by name', () => {
	expect(signingFromEnv(undefined)).toBe('raw-body');
	expect(signingFromEnv(' ')).toBe('raw-body');
	expect(signingFromEnv('standard-webhooks')).toBe('standard-webhooks');
	expect(() => signingFromEnv('sha1')).toThrow(/SANDBOX_SIGNING must be one of raw-body, /);
});

it.each(SIGNING_SCHEMES)('signing %s: delivered, verified, one run', async (signing) => {
	const sandbox = await startSandbox({ port: 0, signing, delivery: { maxAttempts: 1 } });
	const outcomes: WebhookOutcome[] = [];
	let harness: TriggerHarness | undefined;
	const receiver = await receiverFor(() => harness!, outcomes);
	try {
		harness = new TriggerHarness({
			target: sandbox,
			parameters: { events: ['charge.captured'], options: {} },
			webhookBaseUrl: `${receiver.url}/webhook`,
		});
		await harness.activate();
		await axios.post(`${sandbox.url}/__admin/charges/${SEED.charges.authorized}/events`, {
			event: 'charge.captured',
		});
		await sandbox.waitForDeliveries();
		expect(outcomes.map((outcome) => [outcome.status, outcome.ran])).toEqual([[200, true]]);
		const verification = outcomes[0].items[0].json.verification as Record<string, unknown>;
		expect(verification.scheme).toBe(FAMILY_OF[signing]);
		expect(verification.timestamp === undefined).toBe(signing === 'raw-body');
	} finally {
		await receiver.stop();
		await sandbox.stop();
	}
});
