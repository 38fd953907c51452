/** Webhook Endpoint → Delete against the sandbox, beyond its case file (test/cases): an endpoint that is gone, never retried. */
import type {} from 'n8n-workflow';
import { useSandbox } from '../../harness/actions';

const api = useSandbox({}, { resetBeforeEach: true });

describe('Webhook Endpoint → Delete', () => {
	it('Delete of an endpoint that is gone is the API error, sent once (a DELETE is never retried)', async () => {
		const sandbox = api();
		const { runAction } = await import('../../harness');
		const { error } = await runAction(sandbox, {
			resource: 'webhookEndpoint',
			operation: 'delete',
			webhookEndpointId: '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		});
		expect(error?.message).toMatch(/not found/i);
		expect(sandbox.requests).toHaveLength(1);
	});
});
