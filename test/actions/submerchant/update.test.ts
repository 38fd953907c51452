/** Submerchant → Update against the sandbox: only the fields given are sent, typed as the reference says; Fields to Clear. */
import { byId, onlyRequest, runAction, SEED, twoItems, useSandbox } from '../../harness/actions';
import type { INodeParameters } from 'n8n-workflow';

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

const updateSubmerchant = (updateFields: INodeParameters): INodeParameters => ({
	resource: 'submerchant',
	operation: 'update',
	submerchantId: byId(S.active),
	updateFields,
});
describe('without Continue On Fail', () => {
	it('the node fails with a NodeOperationError carrying the item index', async () => {
		sandbox().clearRequests();
		const { error, output } = await runAction(sandbox(), updateSubmerchant({ mcc: '12' }), {
			inputItems: twoItems(),
		});
		expect(output).toEqual([]);
		expect(error?.message).toBe('mcc must be exactly 4 digits [item 0]');
		expect(error?.description).toBe('Fix "mcc" in item 0; nothing was sent to the API.');
		expect(sandbox().requests).toEqual([]);
	});

	it('a bad second item stops the run before the first one is sent (every item is checked first)', async () => {
		sandbox().clearRequests();
		const { error } = await runAction(
			sandbox(),
			updateSubmerchant({ mcc: '={{ $itemIndex === 0 ? "5651" : "56" }}' }),
			{ inputItems: twoItems() },
		);
		expect(error?.message).toBe('mcc must be exactly 4 digits [item 1]');
		expect(sandbox().requests).toEqual([]);
	});
});
