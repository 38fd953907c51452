/**
 * The trigger's versions. 1.1 behaves exactly like 1; it exists because n8n (checked with 2.41) evaluates a Webhook
 * node v1 expression (`$parameter["options"]["binaryData"]`) in its expression sandbox on every request to ANY
 * trigger at typeVersion 1, which halved the trigger's webhook throughput (README "Performance"). 1.2 differs only
 * in the Acknowledge default (test/trigger/acknowledge.test.ts); 1.3 runs unrecognised events
 * (test/trigger/unrecognisedEvents.test.ts).
 */
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { registeredTrigger, signedRequest } from '../harness/triggerDeliveries';

describe('Payment Platform Trigger versions', () => {
	it('offers 1, 1.1, 1.2 and 1.3; the editor adds 1.3', () => {
		const { description } = new PaymentPlatformTrigger();
		expect(description.version).toEqual([1, 1.1, 1.2, 1.3]);
		expect(description.defaultVersion).toBe(1.3);
	});

	it.each([1, 1.1, 1.2, 1.3])(
		'typeVersion %s: a signed delivery runs the workflow with the same item',
		async (version) => {
			const harness = registeredTrigger();
			harness.node.typeVersion = version;
			expect(harness.production.getNode(harness.node.name)?.typeVersion).toBe(version);
			const outcome = await harness.receive(signedRequest());
			expect(outcome.status).toBe(200);
			expect(outcome.ran).toBe(true);
			expect(outcome.items).toHaveLength(1);
			expect(outcome.items[0].json).toMatchObject({ event: 'charge.captured' });
		},
	);
});
