/**
 * The operations added for issue 24: Payment Link → Create and Get Many (with its From List picker), Webhook
 * Endpoint → Get Many and Delete. Their paths are chosen names (transport/chosenNames.ts, agreed by the sandbox).
 */
import axios from 'axios';
import type {
	IAuthenticateGeneric,
	IDataObject,
	ILoadOptionsFunctions,
	INodeParameters,
} from 'n8n-workflow';
import { searchPaymentLinks } from '../../nodes/PaymentPlatform/methods/listSearch';
import {
	PAYMENT_LINKS_PATH,
	WEBHOOK_ENDPOINTS_PATH,
} from '../../nodes/PaymentPlatform/transport/chosenNames';
import { SEED } from '../../sandbox';
import { applyGenericAuthentication } from '../harness/credentialsHelper';
import { PaymentPlatformApi } from '../../credentials/PaymentPlatformApi.credentials';
import {
	byId,
	expectRejectedBeforeSending,
	jsonOf,
	onlyRequest,
	runOk,
	twoItems,
	useSandbox,
} from './payments.helpers';

const api = useSandbox({}, { resetBeforeEach: true });
const createLink = (parameters: INodeParameters): INodeParameters => ({
	resource: 'paymentLink',
	operation: 'create',
	title: 'Camiseta Lua',
	amount: 4990,
	...parameters,
});

describe('Payment Link → Create', () => {
	it('sends title, amount and every additional field under the resource own names', async () => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			createLink({
				simplify: false,
				additionalFields: {
					description: 'Algodao, tamanho P',
					currency: 'BRL',
					product_type: 'physical',
					allowed_payment_methods: ['credit_card', 'pix', 'credit_card'],
					max_installments: '3',
					max_uses: 10,
					expires_at: '2027-01-31T23:59:59Z',
					redirect_url: 'https://shop.example.com/thanks',
					metadata: '{"campaign":"winter"}',
					submerchant_id: SEED.submerchants.active,
				},
			}),
		);
		const request = onlyRequest(sandbox);
		expect([request.method, request.path]).toEqual(['POST', PAYMENT_LINKS_PATH]);
		expect(request.body).toEqual({
			title: 'Camiseta Lua',
			amount: 4990,
			description: 'Algodao, tamanho P',
			currency: 'BRL',
			product_type: 'physical',
			allowed_payment_methods: ['credit_card', 'pix'],
			max_installments: 3,
			max_uses: 10,
			expires_at: '2027-01-31T23:59:59.000Z',
			redirect_url: 'https://shop.example.com/thanks',
			metadata: { campaign: 'winter' },
			submerchant_id: SEED.submerchants.active,
		});
		expect(output).toHaveLength(1);
		expect(output[0].pairedItem).toEqual({ item: 0 });
		const link = output[0].json;
		expect(link).toMatchObject({ title: 'Camiseta Lua', amount: 4990, status: 'active' });
		expect(sandbox.store.paymentLinks.get(String(link.id))?.checkout_url).toBe(link.checkout_url);
	});

	it('sends only title and amount when nothing else is set, and outputs the checkout URL', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, createLink({}));
		expect(onlyRequest(sandbox).body).toEqual({ title: 'Camiseta Lua', amount: 4990 });
		expect(String(output[0].json.checkout_url)).toMatch(/^https:\/\//);
	});

	it.each<[string, INodeParameters, string]>([
		['no title', { title: '  ' }, 'title is required'],
		['a fractional amount', { amount: 10.5 }, 'amount must be an integer'],
		[
			'a bad expiry',
			{ additionalFields: { expires_at: '2027-02-30' } },
			'expires_at must be an ISO 8601 date or date-time',
		],
		[
			'metadata that is not an object',
			{ additionalFields: { metadata: '[1]' } },
			'metadata must be a JSON object',
		],
		[
			'a submerchant id that is not a UUID',
			{ additionalFields: { submerchant_id: 'sm_1' } },
			'submerchant_id must be a UUID',
		],
	])('refuses %s before sending', async (_case, parameters, message) => {
		await expectRejectedBeforeSending(api(), createLink(parameters), message);
	});

	it('the API refusing the link is a NodeApiError with its message (an unknown submerchant)', async () => {
		const sandbox = api();
		const { runAction } = await import('../harness');
		const { error } = await runAction(
			sandbox,
			createLink({ additionalFields: { submerchant_id: '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b' } }),
		);
		expect(error?.message).toMatch(/not found/i);
		expect(sandbox.requests).toHaveLength(1);
	});
});

describe('Payment Link → Get Many', () => {
	it('Return All reads every page and outputs one item per link, newest first', async () => {
		const sandbox = api();
		for (const title of ['A', 'B', 'C']) await runOk(sandbox, createLink({ title }));
		sandbox.clearRequests();
		const { output } = await runOk(sandbox, {
			resource: 'paymentLink',
			operation: 'getAll',
			returnAll: true,
			simplify: false,
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path, request.query]).toEqual([
			'GET',
			PAYMENT_LINKS_PATH,
			{ page: '1', perPage: '100' },
		]);
		expect(jsonOf(output).map((link) => link.title)).toEqual(['C', 'B', 'A', 'Camiseta Estrela']);
		expect(output.map((item) => item.pairedItem)).toEqual(output.map(() => ({ item: 0 })));
	});

	it('a Limit asks for no more than it needs', async () => {
		const sandbox = api();
		for (const title of ['A', 'B']) await runOk(sandbox, createLink({ title }));
		sandbox.clearRequests();
		const { output } = await runOk(sandbox, {
			resource: 'paymentLink',
			operation: 'getAll',
			returnAll: false,
			limit: 2,
		});
		expect(onlyRequest(sandbox).query).toEqual({ page: '1', perPage: '2' });
		expect(output).toHaveLength(2);
	});
});

describe('Payment Link → From List picker (searchPaymentLinks)', () => {
	/** The list search context n8n gives the method: the credential and the authenticated request helper. */
	function loadOptionsContext(): ILoadOptionsFunctions {
		const sandbox = api();
		const data = {
			publicKey: sandbox.publicKey,
			secretKey: sandbox.secretKey,
			baseUrl: sandbox.url,
		};
		const authenticate = new PaymentPlatformApi().authenticate as IAuthenticateGeneric;
		return {
			getCredentials: async () => data,
			getNode: () => ({ name: 'Payment Platform', credentials: {} }),
			helpers: {
				httpRequestWithAuthentication: async (_type: string, request: IDataObject) => {
					const options = applyGenericAuthentication(authenticate, data, { url: '', ...request });
					const response = await axios.request({
						method: options.method,
						url: options.url,
						params: options.qs,
						auth: options.auth as { username: string; password: string },
						proxy: false,
						responseType: 'text',
						validateStatus: () => true,
					});
					return { statusCode: response.status, headers: response.headers, body: response.data };
				},
			},
		} as unknown as ILoadOptionsFunctions;
	}

	it('lists links by title, amount and status, and filters by title or id', async () => {
		const sandbox = api();
		await runOk(sandbox, createLink({ title: 'Caneca Sol', amount: 2500 }));
		const context = loadOptionsContext();
		const all = await searchPaymentLinks.call(context);
		expect(all.results.map((result) => result.name)).toEqual([
			'Caneca Sol · R$ 25.00 · active',
			'Camiseta Estrela · R$ 79.90 · active',
		]);
		expect(all.paginationToken).toBeUndefined();
		const filtered = await searchPaymentLinks.call(context, 'estrela');
		expect(filtered.results.map((result) => result.value)).toEqual([SEED.paymentLinkId]);
		expect(
			sandbox.requests
				.filter((request) => request.method === 'GET')
				.map((request) => [request.path, request.status]),
		).toEqual([
			[PAYMENT_LINKS_PATH, 200],
			[PAYMENT_LINKS_PATH, 200],
		]);
	});

	it('Get accepts the picked link (From List) as it accepts a pasted id', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, {
			resource: 'paymentLink',
			operation: 'get',
			paymentLinkId: { __rl: true, mode: 'list', value: SEED.paymentLinkId },
		});
		expect(output[0].json.id).toBe(SEED.paymentLinkId);
		sandbox.clearRequests();
		await runOk(sandbox, {
			resource: 'paymentLink',
			operation: 'get',
			paymentLinkId: byId(SEED.paymentLinkId),
		});
		expect(onlyRequest(sandbox).path).toBe(`${PAYMENT_LINKS_PATH}/${SEED.paymentLinkId}`);
	});
});

describe('Webhook Endpoint → Get Many and Delete', () => {
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

	it('Delete removes the endpoint (DELETE at the chosen path) and says so', async () => {
		const sandbox = api();
		const endpoint = await createEndpoint('https://hooks.example.com/stale');
		sandbox.clearRequests();
		const { output } = await runOk(sandbox, {
			resource: 'webhookEndpoint',
			operation: 'delete',
			webhookEndpointId: String(endpoint.id),
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path]).toEqual([
			'DELETE',
			`${WEBHOOK_ENDPOINTS_PATH}/${String(endpoint.id)}`,
		]);
		expect(output[0].json).toMatchObject({ id: endpoint.id, deleted: true });
		expect(sandbox.store.webhookEndpoints.has(String(endpoint.id))).toBe(false);
	});

	it('Delete refuses an id that is not a UUID before sending', async () => {
		await expectRejectedBeforeSending(
			api(),
			{ resource: 'webhookEndpoint', operation: 'delete', webhookEndpointId: 'we_1' },
			'webhook_endpoint_id must be a UUID',
			twoItems(),
		);
	});

	it('Delete of an endpoint that is gone is the API error, sent once (a DELETE is never retried)', async () => {
		const sandbox = api();
		const { runAction } = await import('../harness');
		const { error } = await runAction(sandbox, {
			resource: 'webhookEndpoint',
			operation: 'delete',
			webhookEndpointId: '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b',
		});
		expect(error?.message).toMatch(/not found/i);
		expect(sandbox.requests).toHaveLength(1);
	});
});
