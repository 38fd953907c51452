/** Submerchant → Update against the sandbox: only the fields given are sent, typed as the reference says. */
import { byId, onlyRequest, runAction, SEED, useSandbox } from '../../harness/actions';

const S = SEED.submerchants;

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Update', () => {
	it('sends only the fields given; product categories may come as an array from an expression', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'update',
			submerchantId: byId(S.suspended),
			updateFields: { productCategories: '={{ ["software", "courses"] }}', averageTicket: 0 },
			simplify: false,
		});
		expect(error).toBeUndefined();
		expect(onlyRequest(sandbox()).body).toEqual({
			product_categories: ['software', 'courses'],
			average_ticket: 0,
		});
		expect(output[0].json).toMatchObject({
			id: S.suspended,
			trade_name: 'Horizonte Tech',
			product_categories: ['software', 'courses'],
			average_ticket: '0.00',
		});
	});
});
