/** Webhook Endpoint → Get Many against the sandbox (a chosen path): paginated, never the secrets. */
import type {} from 'n8n-workflow';
import { WEBHOOK_ENDPOINTS_PATH } from '../../../nodes/PaymentPlatform/api/chosenNames';
import { jsonOf, onlyRequest, runOk, useSandbox } from '../../harness/actions';

const api = useSandbox({}, { resetBeforeEach: true });

describe('Webhook Endpoint → Get Many', () => {
	const createEndpoint = async (url: string) =>
		(
			await runOk(api(), {
				resource: 'webhookEndpoint',
				operation: 'create',
				url,
				events: ['charge.captured'],
			})
		).output[0].json;

	it('Get Many lists every endpoint, paginated, without secrets', async () => {
		const sandbox = api();
		await createEndpoint('https://hooks.example.com/a');
		await createEndpoint('https://hooks.example.com/b');
		sandbox.clearRequests();
		const { output } = await runOk(sandbox, {
			resource: 'webhookEndpoint',
			operation: 'getAll',
			returnAll: true,
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			WEBHOOK_ENDPOINTS_PATH,
			{ page: '1', perPage: '100' },
		]);
		expect(jsonOf(output).map((endpoint) => endpoint.url)).toEqual([
			'https://hooks.example.com/b',
			'https://hooks.example.com/a',
		]);
		expect(jsonOf(output).some((endpoint) => 'secret' in endpoint)).toBe(false);
	});
});
