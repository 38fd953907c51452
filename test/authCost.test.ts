/**
 * What authentication costs each request, counted rather than timed. n8n evaluates a generic `authenticate` block's
 * `$credentials` expressions in its expression engine on every request (the largest share of n8n's CPU per request in
 * the bench's figure 1 profile), and reading a credential decrypts it. The node's requests must pay neither: the
 * credential authenticates with a function on n8n's server, and the transport reads the credential once per run.
 */
import { Expression } from 'n8n-workflow';
import { runAction } from './harness';
import { chargeGet } from './harness/parameters';
import { harnessCredentialTypes, TestCredentialsHelper } from './harness/credentialsHelper';
import { scriptedApiForThisFile } from './harness/scriptedSuite';

// Computed outside the code: echo -n 'pk_test_cost:sk_test_cost' | base64
const KEYS = { publicKey: 'pk_test_cost', secretKey: 'sk_test_cost' };
const BASIC_HEADER = 'Basic cGtfdGVzdF9jb3N0OnNrX3Rlc3RfY29zdA==';
const CHARGE_ID = '00000000-0000-4000-8000-000000000001';

const suite = scriptedApiForThisFile(KEYS);

interface Cost {
	requests: number;
	/** Expressions n8n's engine evaluated during the run, any of them. */
	evaluations: number;
	/** … of which read `$credentials`. */
	credentialEvaluations: number;
	/** Credential reads (n8n decrypts the credential for each). */
	credentialReads: number;
	/** Calls of n8n's `credentialsHelper.authenticate` (one per request sent). */
	authentications: number;
}

/** Runs Charge → Get over `items` items and counts, around the run only, what authentication cost. */
async function measure(items: number, batch?: { batchSize: number; batchInterval: number }) {
	const api = suite.api();
	api.answer(() => ({ body: { success: true, message: 'OK', data: { id: CHARGE_ID } } }));
	// renderExpression is where n8n-workflow's Expression evaluates an expression, whatever asked for it.
	const engine = Expression.prototype as unknown as { renderExpression: (text: string) => unknown };
	const evaluated = jest.spyOn(engine, 'renderExpression');
	const reads = jest.spyOn(TestCredentialsHelper.prototype, 'getDecrypted');
	const authentications = jest.spyOn(TestCredentialsHelper.prototype, 'authenticate');
	try {
		const { output, error } = await runAction(
			suite.target(),
			// One fixed id: no expression in any parameter.
			chargeGet(CHARGE_ID, batch ? { batching: { batch } } : undefined),
			{
				inputItems: Array.from({ length: items }, () => ({ json: {} })),
			},
		);
		expect(error).toBeUndefined();
		expect(output).toHaveLength(items);
		expect(api.requests.every((request) => request.headers.authorization === BASIC_HEADER)).toBe(
			true,
		);
		const texts = evaluated.mock.calls.map(([text]) => String(text));
		const cost: Cost = {
			requests: api.requests.length,
			evaluations: texts.length,
			credentialEvaluations: texts.filter((text) => text.includes('$credentials')).length,
			credentialReads: reads.mock.calls.length,
			authentications: authentications.mock.calls.length,
		};
		return cost;
	} finally {
		evaluated.mockRestore();
		reads.mockRestore();
		authentications.mockRestore();
	}
}

describe('authentication cost per request (Charge → Get, 12 items)', () => {
	it.each([
		['one at a time', undefined],
		['8 per batch', { batchSize: 8, batchInterval: 0 }],
	])('%s: no expression per request, one credential read per run', async (_name, batch) => {
		const one = await measure(1, batch);
		const twelve = await measure(12, batch);
		expect(twelve).toEqual({
			requests: 12,
			// Whatever n8n evaluates once per run, nothing more for 11 more requests.
			evaluations: one.evaluations,
			credentialEvaluations: 0,
			credentialReads: 1,
			authentications: 12,
		});
	});

	it('counts the cost the credential avoids: the generic Basic block costs 2 expressions per request', async () => {
		const type = harnessCredentialTypes.paymentPlatformApi;
		const shipped = type.authenticate;
		// The credential's form from issue 24 to 33, run as n8n runs a generic block.
		type.authenticate = {
			type: 'generic',
			properties: {
				auth: { username: '={{$credentials.publicKey}}', password: '={{$credentials.secretKey}}' },
			},
		};
		try {
			expect(typeof type.authenticate).toBe('object');
			const twelve = await measure(12);
			expect(twelve).toMatchObject({ requests: 12, credentialEvaluations: 24, credentialReads: 1 });
		} finally {
			type.authenticate = shipped;
		}
	});
});
