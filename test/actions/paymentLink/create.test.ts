/** Payment Link → Create against the sandbox, beyond its case file (test/cases): only title and amount. */
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
});
