/** Payment Link → Create against the sandbox, beyond its case file (test/cases): only title and amount, the API's refusal. */
import { onlyRequest, runOk, useSandbox } from '../../harness/actions';
import { createLink } from '../../harness/parameters';

const api = useSandbox({}, { resetBeforeEach: true });

describe('Payment Link → Create', () => {
	it('sends only title and amount when nothing else is set, and outputs the checkout URL', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, createLink({}));
		expect(onlyRequest(sandbox).body).toEqual({ title: 'Camiseta Lua', amount: 4990 });
		expect(String(output[0].json.checkout_url)).toMatch(/^https:\/\//);
	});

	it('the API refusing the link is a NodeApiError with its message (an unknown submerchant)', async () => {
		const sandbox = api();
		const { runAction } = await import('../../harness');
		const { error } = await runAction(
			sandbox,
			createLink({ additionalFields: { submerchant_id: '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b' } }),
		);
		expect(error?.message).toMatch(/not found/i);
		expect(sandbox.requests).toHaveLength(1);
	});
});
