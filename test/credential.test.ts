/**
 * The credential: no default Base URL (the published package must not point at a local sandbox), and its test
 * request judged the way n8n's CredentialsTester judges it (n8n 2.41 dist/services/credentials-tester.service.js:
 * a non-2xx answer fails, with the message of a `responseCode` rule for its status, else the status text; then each
 * `responseSuccessBody` rule fails the test when `get(body, key) === value`).
 */
import axios from 'axios';
import { CustomDirectoryLoader } from 'n8n-core';
import type {
	IAuthenticate,
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	ICredentialDataDecryptedObject,
} from 'n8n-workflow';
import { PaymentPlatformApi } from '../credentials/PaymentPlatformApi.credentials';
import { startSandbox } from '../sandbox';
import { applyGenericAuthentication } from './harness/credentialsHelper';

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
const credential = new PaymentPlatformApi();
let sandbox: Sandbox;

beforeAll(async () => {
	sandbox = await startSandbox({ port: 0 });
});
afterAll(async () => {
	await sandbox.stop();
});
beforeEach(() => sandbox.reset());

type AuthenticateFunction = Extract<IAuthenticate, (...args: never[]) => unknown>;

/** HTTP Basic as n8n's generic block (the credential's form from issue 24 to 33): what the function must equal. */
const GENERIC_BASIC: IAuthenticateGeneric = {
	type: 'generic',
	properties: {
		auth: { username: '={{$credentials.publicKey}}', password: '={{$credentials.secretKey}}' },
	},
};

/**
 * The credential type as n8n serves it to the editor (/types/credentials.json): loaded by n8n-core's loader, which
 * gives each type a `toJSON`, and copied with a spread as n8n's LoadNodesAndCredentials does before serving it.
 */
function servedByN8n(): { authenticate?: unknown } {
	// Relative to the working directory: jest runs from the repository.
	const loader = new CustomDirectoryLoader('.');
	loader.loadCredentialFromFile('credentials/PaymentPlatformApi.credentials.ts');
	const [type] = loader.types.credentials;
	return JSON.parse(JSON.stringify({ ...type, supportedNodes: undefined })) as {
		authenticate?: unknown;
	};
}

/** The request options n8n sends for this credential: its `authenticate` function applied to `keys`. */
async function authenticated(keys: { publicKey: string; secretKey: string }) {
	return await (credential.authenticate as AuthenticateFunction)(keys, { url: '' });
}

/** Sends the credential's test request (authenticated by its `authenticate`) and applies its rules. */
async function credentialTest(
	baseUrl: string,
	keys = { publicKey: sandbox.publicKey, secretKey: sandbox.secretKey },
): Promise<{ status: 'OK' | 'Error'; message: string }> {
	const { request, rules = [] } = credential.test;
	expect(request.baseURL).toBe('={{$credentials.baseUrl.replace(new RegExp("/+$"), "")}}');
	const response = await axios.request({
		baseURL: baseUrl.replace(/\/+$/, ''),
		url: request.url,
		method: request.method,
		auth: (await authenticated(keys)).auth,
		proxy: false,
		validateStatus: () => true,
	});
	if (response.status < 200 || response.status > 299) {
		const codeRule = (rules as IAuthenticateRuleResponseCode[]).find(
			(rule) => rule.type === 'responseCode' && rule.properties.value === response.status,
		);
		return { status: 'Error', message: codeRule?.properties.message ?? response.statusText };
	}
	for (const rule of rules as IAuthenticateRuleResponseSuccessBody[]) {
		if (
			rule.type === 'responseSuccessBody' &&
			response.data?.[rule.properties.key] === rule.properties.value
		)
			return { status: 'Error', message: rule.properties.message };
	}
	return { status: 'OK', message: 'Connection tested successfully' };
}

describe('Payment Platform API credential', () => {
	it('has no default Base URL, only a placeholder', () => {
		const baseUrl = credential.properties.find((property) => property.name === 'baseUrl');
		expect(baseUrl).toMatchObject({
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
		});
		expect(baseUrl?.description).not.toMatch(/127\.0\.0\.1|localhost|sandbox/i);
	});

	it('is served to the editor with an `authenticate`, so the HTTP Request node lists it', () => {
		// The editor lists a credential under Predefined Credential Type when its served type has `authenticate`
		// (and the loader adds Custom API Call on the same condition). n8n serves a function as {}.
		expect(servedByN8n().authenticate).toEqual({});
	});

	it("authenticates on n8n's server with a function, which n8n calls without evaluating an expression", () => {
		expect(typeof credential.authenticate).toBe('function');
	});

	it.each([
		['the key pair', { publicKey: 'pk_a', secretKey: 'sk_b' }],
		['empty keys', { publicKey: '', secretKey: '' }],
		['missing keys', {}],
		['keys n8n holds as other types', { publicKey: 12345, secretKey: true }],
		['falsy values', { publicKey: 0, secretKey: false }],
	])(
		'sends the HTTP Basic that n8n resolves the generic Basic block to (%s)',
		async (_name, keys: ICredentialDataDecryptedObject) => {
			const request = { url: '/v1/charges', headers: { Accept: 'application/json' } };
			const fromFunction = await (credential.authenticate as AuthenticateFunction)(keys, {
				...request,
			});
			const fromBlock = applyGenericAuthentication(GENERIC_BASIC, keys, { ...request });
			expect(fromFunction).toEqual(fromBlock);
			expect(fromFunction.headers).toEqual(request.headers);
		},
	);

	it('refuses API Names the node would refuse at its first request, so that the credential test fails with the reason', async () => {
		// n8n's CredentialsTester sends its request through the credential's `authenticate` and shows the message of
		// what it throws (runRequestTest: `error.message`).
		await expect(
			(credential.authenticate as AuthenticateFunction)(
				{
					publicKey: 'pk',
					secretKey: 'sk',
					apiNames: '{"start_date": "date", "end_date": "date"}',
				},
				{ url: '' },
			),
		).rejects.toThrow(
			`The credential's API Names sends "start_date" and "end_date" both as "date" on GET /v1/charges: one value would be lost`,
		);
		await expect(
			(credential.authenticate as AuthenticateFunction)(
				{ publicKey: 'pk', secretKey: 'sk', apiNames: '{"GET /v1/charges start_date": "from"}' },
				{ url: '' },
			),
		).resolves.toMatchObject({ auth: { username: 'pk', password: 'sk' } });
	});

	it('sends HTTP Basic of the public and the secret key, as before', async () => {
		expect((await authenticated({ publicKey: 'pk_a', secretKey: 'sk_b' })).auth).toEqual({
			username: 'pk_a',
			password: 'sk_b',
		});
	});

	it('the test passes against the API with the right keys (a trailing slash in the Base URL is fine)', async () => {
		expect(await credentialTest(`${sandbox.url}/`)).toEqual({
			status: 'OK',
			message: 'Connection tested successfully',
		});
	});

	it('the test fails when the API answers 2xx with success: false', async () => {
		sandbox.setFaults([{ route: 'GET /v1/withdrawals/summary', kind: 'success_false' }]);
		const outcome = await credentialTest(sandbox.url);
		expect(outcome.status).toBe('Error');
		expect(outcome.message).toContain('success: false');
		expect(sandbox.requests[sandbox.requests.length - 1]).toMatchObject({
			fault: 'success_false',
			status: 200,
		});
	});

	it('the test fails with wrong keys (the API answers 401)', async () => {
		const outcome = await credentialTest(sandbox.url, {
			publicKey: sandbox.publicKey,
			secretKey: 'sk_wrong',
		});
		expect(outcome).toEqual({
			status: 'Error',
			message: 'The API refused the key pair (HTTP 401): check the Public Key and the Secret Key',
		});
	});
});
