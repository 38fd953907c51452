/**
 * The credential: no default Base URL (the published package must not point at a local sandbox), and its test
 * request judged the way n8n's CredentialsTester judges it (n8n 2.41 dist/services/credentials-tester.service.js:
 * a non-2xx answer fails, with the message of a `responseCode` rule for its status, else the status text; then each
 * `responseSuccessBody` rule fails the test when `get(body, key) === value`).
 */
import axios from 'axios';
import type {
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
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

/** The request options n8n sends for this credential: its `authenticate` block applied to `keys`. */
function authenticated(keys: { publicKey: string; secretKey: string }) {
	return applyGenericAuthentication(credential.authenticate as IAuthenticateGeneric, keys, {
		url: '',
	});
}

/** Sends the credential's test request (authenticated by its `authenticate` block) and applies its rules. */
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
		auth: authenticated(keys).auth,
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

	it('authenticates with a generic Basic block that n8n can serve to the editor (no function)', () => {
		expect(credential.authenticate).toEqual({
			type: 'generic',
			properties: {
				auth: {
					username: '={{$credentials.publicKey}}',
					password: '={{$credentials.secretKey}}',
				},
			},
		});
		// What /types/credentials.json serves is the JSON of the type: the block must survive it whole.
		expect(JSON.parse(JSON.stringify(credential)).authenticate).toEqual(credential.authenticate);
		expect(Object.values(credential).some((value) => typeof value === 'function')).toBe(false);
	});

	it('sends HTTP Basic of the public and the secret key, as before', () => {
		expect(authenticated({ publicKey: 'pk_a', secretKey: 'sk_b' }).auth).toEqual({
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
