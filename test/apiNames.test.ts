/**
 * The credential's API Names: every chosen query name, body name and path can be renamed without code, and the
 * renamed name is what reaches the wire. The sandbox is started with the same other names (sandbox/apiNames.js), so
 * an operation that still sent a default would be refused or unfiltered there.
 */
import type { INodeParameters } from 'n8n-workflow';
import { SEED } from '../sandbox';
import { parseApiNames } from '../nodes/shared/transport/apiNames';
import { PaymentPlatformApi } from '../credentials/PaymentPlatformApi.credentials';
import { runAction } from './harness';
import { useSandbox } from './harness/sandbox';
import { BASE, byId, idsOf, jsonOf } from './harness/actions';
import { RENAMED_API_NAMES } from './harness/renamedApiNames';
import { caseNamed } from './cases';
import { TriggerHarness } from './harness/trigger';

/** Every name the credential can change, as its refusal of a name it cannot change lists them. */
function renamableNames(): string[] {
	const refused = parseApiNames({ 'not a chosen name': 'x' });
	const problem = 'problem' in refused ? refused.problem : '';
	return (/the names are: (.*?); or /.exec(problem)?.[1] ?? '').split(', ');
}

const sandbox = useSandbox({ apiNames: RENAMED_API_NAMES }, { resetBeforeEach: true });
const target = () => ({ ...sandbox(), apiNames: JSON.stringify(RENAMED_API_NAMES) });

async function run(parameters: INodeParameters) {
	const result = await runAction(target(), parameters);
	expect(result.error?.message).toBeUndefined();
	return jsonOf(result.output);
}

describe('API Names (credential): every chosen name renamed reaches the wire', () => {
	it('covers every renamable name of the package', () => {
		const plain = Object.keys(RENAMED_API_NAMES).filter((key) => !/^[A-Z]+ \S+ \S+$/.test(key));
		expect(new Set(plain)).toEqual(new Set(renamableNames()));
	});

	it('Charge → Get Many sends every filter and the page under the platform names', async () => {
		// The case file's run (test/cases/charge/getAll.case.js): every filter set.
		const { parameters } = caseNamed('charge.getAll');
		const output = await run({ resource: 'charge', operation: 'getAll', ...parameters });
		const [request] = sandbox().requests;
		expect(request.path).toBe('/v1/charges');
		expect(Object.keys(request.query).sort()).toEqual(
			[
				'state',
				'method',
				'from',
				'to',
				'q',
				'amount_gte',
				'amount_lte',
				'n_installments',
				'pg',
				'size',
			].sort(),
		);
		expect(idsOf(output)).toEqual([SEED.charges.captured]);
	});

	it('Submerchant → Get Many sends its status filter as "state"', async () => {
		const output = await run({
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: true,
			filters: { status: 'rejected' },
		});
		expect(sandbox().requests[0].query).toMatchObject({ state: 'rejected', pg: '1', size: '100' });
		expect(idsOf(output)).toEqual([SEED.submerchants.rejected]);
	});

	it('Wallet → Get Statement sends the period under its own names, "since" and "until" (a key for that route only)', async () => {
		await run({
			resource: 'wallet',
			operation: 'getStatement',
			walletId: SEED.walletId,
			filters: { startDate: '2025-01-01T00:00:00Z', endDate: '2025-12-31T00:00:00Z' },
		});
		expect(sandbox().requests[0].query).toEqual({
			since: '2025-01-01T00:00:00.000Z',
			until: '2025-12-31T00:00:00.000Z',
		});
	});

	it('Withdrawal → Get Fee sends the amount as "value"', async () => {
		const [fee] = await run({ resource: 'withdrawal', operation: 'getFee', amount: 10000 });
		expect(sandbox().requests[0].query).toEqual({ value: '10000' });
		expect(typeof fee.fee).toBe('number');
	});

	it('Submerchant Address → Create and Update send the address type as "address_type"', async () => {
		const [created] = await run({
			resource: 'submerchantAddress',
			operation: 'create',
			...BASE['submerchantAddress.create'],
			additionalFields: { addressType: 'shipping' },
		});
		expect(sandbox().requests[0].body).toMatchObject({ address_type: 'shipping' });
		expect(sandbox().requests[0].body).not.toHaveProperty('type');
		expect(created.type).toBe('shipping');
		await run({
			resource: 'submerchantAddress',
			operation: 'update',
			...BASE['submerchantAddress.update'],
			updateFields: { addressType: 'both' },
		});
		expect(sandbox().requests[1].body).toEqual({ address_type: 'both' });
	});

	const LINK_CREATE = {
		resource: 'paymentLink',
		operation: 'create',
		title: 'Camiseta Lua',
		amount: 4990,
	};

	it('Payment Link → Create sends its body under the platform names', async () => {
		const [link] = await run({
			...LINK_CREATE,
			additionalFields: {
				allowed_payment_methods: ['pix'],
				currency: 'BRL',
				description: 'Algodao',
				expires_at: '2030-01-01T00:00:00Z',
				max_installments: 3,
				max_uses: 10,
				metadata: '{"campaign": "lua"}',
				product_type: 'physical',
				redirect_url: 'https://shop.example.com/obrigado',
				submerchant_id: SEED.submerchants.active,
			},
		});
		expect(sandbox().requests[0].body).toEqual({
			name: 'Camiseta Lua',
			value: 4990,
			methods: ['pix'],
			currency_code: 'BRL',
			details: 'Algodao',
			valid_until: '2030-01-01T00:00:00.000Z',
			installments_max: 3,
			uses_max: 10,
			extra: { campaign: 'lua' },
			kind: 'physical',
			return_url: 'https://shop.example.com/obrigado',
			seller_id: SEED.submerchants.active,
		});
		expect(link).toMatchObject({ title: 'Camiseta Lua', amount: 4990, max_uses: 10 });
	});

	it('Payment Link → Create and Get Many use the path "/v1/links"; Get keeps the documented path', async () => {
		const [link] = await run(LINK_CREATE);
		const listed = await run({ resource: 'paymentLink', operation: 'getAll', returnAll: true });
		await run({ resource: 'paymentLink', operation: 'get', paymentLinkId: byId(String(link.id)) });
		expect(sandbox().requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v1/links',
			'GET /v1/links',
			`GET /v1/payment-links/${String(link.id)}`,
		]);
		expect(idsOf(listed)).toContain(String(link.id));
	});

	it('Webhook Endpoint → Get Many and Delete use the platform paths; Create keeps the documented one', async () => {
		const [endpoint] = await run({
			resource: 'webhookEndpoint',
			operation: 'create',
			url: 'https://hooks.example.com/renamed',
			events: ['charge.captured'],
		});
		const listed = await run({ resource: 'webhookEndpoint', operation: 'getAll', returnAll: true });
		await run({
			resource: 'webhookEndpoint',
			operation: 'delete',
			webhookEndpointId: String(endpoint.id),
		});
		expect(sandbox().requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'POST /v1/postbacks/endpoints',
			'GET /v1/hooks',
			`DELETE /v1/hooks/${String(endpoint.id)}/remove`,
		]);
		expect(idsOf(listed)).toContain(String(endpoint.id));
		expect(sandbox().store.webhookEndpoints.has(String(endpoint.id))).toBe(false);
	});

	it('the trigger lists, changes and removes its endpoint under the platform paths', async () => {
		// Registered for the selected events only, so that a change of events reaches the platform.
		const SELECTED_ONLY = { endpointRemovalDelay: 0, endpointEvents: 'selected' };
		const harness = new TriggerHarness({
			target: target(),
			parameters: { events: ['charge.captured'], options: SELECTED_ONLY },
		});
		await harness.activate();
		harness.setParameters({ events: ['charge.refunded'], options: SELECTED_ONLY });
		expect(await harness.activate()).toBe(false);
		await harness.deactivate();
		const id = String(
			sandbox()
				.requests.find((r) => r.method === 'PATCH')
				?.path.split('/')[3],
		);
		expect(sandbox().requests.map((r) => `${r.method} ${r.path}`)).toEqual([
			'GET /v1/hooks',
			'POST /v1/postbacks/endpoints',
			'GET /v1/hooks',
			`PATCH /v1/hooks/${id}/change`,
			`DELETE /v1/hooks/${id}/remove`,
			'GET /v1/hooks',
		]);
		expect(sandbox().store.webhookEndpoints.size).toBe(0);
	});

	it('Charge → Create with a key, the platform creating it and answering 503: sent again under the platform header, one charge', async () => {
		sandbox().setFaults([{ route: 'POST /v1/charges', kind: 'applied_then_503', count: 1 }]);
		const before = sandbox().store.charges.size;
		const [charge] = await run({
			resource: 'charge',
			operation: 'create',
			paymentMethod: 'pix',
			amount: 1000,
			idempotencyKey: 'order-31',
		});
		const requests = sandbox().requests;
		expect(
			requests.map((r) => [r.status, r.headers['x-request-key'], r.replayed ?? false]),
		).toEqual([
			[503, 'order-31', false],
			[201, 'order-31', true],
		]);
		expect(requests[0].headers).not.toHaveProperty('idempotency-key');
		expect(sandbox().store.charges.size).toBe(before + 1);
		expect(sandbox().store.charges.has(String(charge.id))).toBe(true);
	});

	it('a credential without the names gets the sandbox refusing or ignoring the defaults', async () => {
		const { error } = await runAction(sandbox(), {
			resource: 'paymentLink',
			operation: 'getAll',
			returnAll: true,
		});
		expect(error?.message).toMatch(/not found|404/i);
	});
});

describe('API Names (credential): what is refused', () => {
	it.each([
		['{"start_date": ', 'is not valid JSON'],
		['["start_date"]', 'must be a JSON object'],
		['{"created_at": "from"}', 'has "created_at", which is not a name this package chose'],
		['{"start_date": ""}', 'gives "start_date" no usable name'],
		['{"start_date": "from date"}', 'gives "start_date" no usable name'],
		['{"GET /v1/payment-links": "v1/links"}', 'a path starts with /'],
		['{"DELETE /v1/postbacks/endpoints/{id}": "/v1/hooks"}', 'has {id} where the default has it'],
	])('%s', (raw, problem) => {
		const parsed = parseApiNames(raw);
		expect('problem' in parsed && parsed.problem).toContain(problem);
	});

	// prettier-ignore
	it.each([
		{ name: 'two names of one route renamed to one', raw: '{"start_date": "date", "end_date": "date"}', problem: 'sends "start_date" and "end_date" both as "date" on GET /v1/charges: one value would be lost' },
		{ name: 'a name renamed onto another chosen name of its route', raw: '{"search": "status"}', problem: 'sends "status" and "search" both as "status" on GET /v1/charges' },
		{ name: 'a route key and a plain key meeting on one route', raw: '{"start_date": "from", "GET /v1/charges end_date": "from"}', problem: 'both as "from" on GET /v1/charges' },
		{ name: 'two paths renamed to one', raw: '{"GET /v1/payment-links": "/v1/postbacks/endpoints"}', problem: 'sends "GET /v1/payment-links" and "GET /v1/postbacks/endpoints" both as "GET /v1/postbacks/endpoints"' },
		{ name: 'the key header renamed to a header the node sends', raw: '{"Idempotency-Key": "content-type"}', problem: 'gives "Idempotency-Key" the name "content-type", a header the node already sends' },
		{ name: 'a route key for a name its route did not choose', raw: '{"GET /v1/charges amount": "value"}', problem: 'has "GET /v1/charges amount", which is not a name this package chose' },
	])('refuses $name', ({ raw, problem }) => {
		const parsed = parseApiNames(raw);
		expect('problem' in parsed && parsed.problem).toContain(problem);
	});

	it('accepts one name renamed on one route and the same name on another', () => {
		expect(parseApiNames('{"GET /v1/charges start_date": "from", "start_date": "since"}')).toEqual({
			names: { 'GET /v1/charges start_date': 'from', start_date: 'since' },
		});
	});

	it('a rename that collides stops the node at its first request, before anything is sent', async () => {
		const { error } = await runAction(
			{ ...sandbox(), apiNames: '{"start_date": "date", "end_date": "date"}' },
			{ resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: 100 },
		);
		expect(error?.message).toContain(
			`The credential's API Names sends "start_date" and "end_date" both as "date"`,
		);
		expect(sandbox().requests).toEqual([]);
	});

	it('a renamed name meeting an Additional Body Field of that name stops the run before anything is sent', async () => {
		const { error } = await runAction(
			{ ...sandbox(), apiNames: '{"title": "name"}' },
			{
				resource: 'paymentLink',
				operation: 'create',
				title: 'Camiseta',
				amount: 100,
				options: { additionalBodyFields: '{"name": "Outra"}' },
			},
			{ inputItems: [{ json: {} }, { json: {} }] },
		);
		expect(error?.message).toBe(
			`The credential's API Names would send "title" and "name" both as "name" on POST /v1/payment-links: one value would be lost`,
		);
		expect(sandbox().requests).toEqual([]);
	});

	it("the credential field's description names every name it can change", () => {
		const field = new PaymentPlatformApi().properties.find(({ name }) => name === 'apiNames');
		expect(field?.default).toBe('{}');
		for (const name of renamableNames()) expect(field?.description).toContain(name);
	});

	it('an empty field and {} mean the defaults', () => {
		expect(parseApiNames('')).toEqual({ names: {} });
		expect(parseApiNames('{}')).toEqual({ names: {} });
		expect(parseApiNames(undefined)).toEqual({ names: {} });
	});

	it('a refused field stops the node before any request, naming the credential field', async () => {
		const { error } = await runAction(
			{ ...sandbox(), apiNames: '{"startdate": "from"}' },
			{ resource: 'withdrawal', operation: 'getFee', amount: 100 },
		);
		expect(error?.message).toContain(`The credential's API Names has "startdate"`);
		expect(sandbox().requests).toEqual([]);
	});
});
