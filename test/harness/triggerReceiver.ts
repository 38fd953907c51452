import { startReceiver } from './receiver';
import type { ReceiveOptions, TriggerHarness, WebhookOutcome } from './trigger';

/**
 * A local receiver that hands each request (the sandbox's deliveries over HTTP) to the trigger's webhook() and answers
 * with what n8n would; every outcome is pushed to `outcomes`.
 */
export async function receiverFor(
	harness: () => TriggerHarness,
	outcomes: WebhookOutcome[],
	options: () => ReceiveOptions = () => ({}),
): Promise<Awaited<ReturnType<typeof startReceiver>>> {
	return await startReceiver(async ({ method, headers, rawBody }) => {
		const outcome = await harness().receive({ method, headers, rawBody }, options());
		outcomes.push(outcome);
		return { status: outcome.status, body: outcome.body };
	});
}
