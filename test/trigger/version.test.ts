/**
 * The trigger has one version until its first release. It is 1.1, not 1: for any webhook trigger at typeVersion 1,
 * n8n (1.123 and 2.41) evaluates its old Webhook node's `$parameter["options"]["binaryData"]` in its expression
 * sandbox on every request (webhook-helpers parseRequestBody), which halved the trigger's webhook throughput
 * (lab/reports/performance.md).
 */
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { TRIGGER_TYPE_VERSION } from '../harness/trigger';

describe('Payment Platform Trigger version', () => {
	it('is one version, 1.1', () => {
		const { description } = new PaymentPlatformTrigger();
		expect(description.version).toBe(1.1);
		expect(description.defaultVersion).toBeUndefined();
		expect(TRIGGER_TYPE_VERSION).toBe(1.1);
	});
});
