/** Payment Link → Get Many against the sandbox (a chosen path), and its From List picker (searchPaymentLinks). */
import axios from 'axios';
import type { IDataObject, ILoadOptionsFunctions } from 'n8n-workflow';
import { searchPaymentLinks } from '../../../nodes/PaymentPlatform/methods/listSearch';
import { PAYMENT_LINKS_PATH } from '../../../nodes/shared/chosenNames';
import { byId, onlyRequest, runOk, SEED, useSandbox } from '../../harness/actions';
import { TestCredentialsHelper } from '../../harness/credentialsHelper';
import { createLink } from '../../harness/parameters';

const api = useSandbox({}, { resetBeforeEach: true });

describe('Payment Link → Get Many', () => {
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
		const credentials = new TestCredentialsHelper({ paymentPlatformApi: data });
		return {
			getCredentials: async () => data,
			getNode: () => ({ name: 'Payment Platform', credentials: {} }),
			helpers: {
				httpRequestWithAuthentication: async (type: string, request: IDataObject) => {
					const options = await credentials.authenticate(data, type, { url: '', ...request });
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
