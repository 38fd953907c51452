/** Charge → Get against the sandbox, beyond its case file (test/cases): items, errors and pairing. */
import type { IDataObject } from 'n8n-workflow';
import { byId, runAction, SEED, useSandbox } from '../../harness/actions';

const api = useSandbox();
const C = SEED.charges;

describe('Charge: items, errors and pairing', () => {
	const inputItems = [
		{ json: { chargeId: C.captured } },
		{ json: { chargeId: 'not-a-uuid' } },
		{ json: { chargeId: C.pending } },
	];
	const getByExpression = {
		resource: 'charge',
		operation: 'get',
		chargeId: byId('={{ $json.chargeId }}'),
	};

	it('with Continue On Fail, items 1 and 3 succeed and item 2 is an error item, each paired', async () => {
		const sandbox = api();
		const { output, error } = await runAction(sandbox, getByExpression, {
			inputItems,
			continueOnFail: true,
		});
		expect(error).toBeUndefined();
		expect(output.map((item) => item.pairedItem)).toEqual([{ item: 0 }, { item: 1 }, { item: 2 }]);
		expect(output[0].json).toMatchObject({ id: C.captured, status: 'captured' });
		expect(output[1].json).toEqual({
			error: 'charge_id must be a UUID [item 1]',
			description: 'Fix "charge_id" in item 1; nothing was sent to the API.',
		});
		expect(output[2].json).toMatchObject({ id: C.pending, status: 'pending' });
		expect(sandbox.requests.map((r) => r.path)).toEqual([
			`/v1/charges/${C.captured}`,
			`/v1/charges/${C.pending}`,
		]);
	});

	it('without Continue On Fail, the execution fails naming item 1 and stops there', async () => {
		const sandbox = api();
		const { output, error } = await runAction(sandbox, getByExpression, { inputItems });
		expect(error?.name).toBe('NodeOperationError');
		expect(error?.message).toBe('charge_id must be a UUID [item 1]');
		expect((error as unknown as { context: IDataObject }).context.itemIndex).toBe(1);
		expect(output).toEqual([]);
		expect(sandbox.requests.map((r) => r.path)).toEqual([`/v1/charges/${C.captured}`]);
	});
});
