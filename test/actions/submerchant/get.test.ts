/** Submerchant → Get against the sandbox: the request pinned. */
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { byId, onlyRequest, expectRejectedBeforeSending } from '../../harness/actions';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

const S = SEED.submerchants;

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Get', () => {
	it("surfaces the API's not-found error for another merchant's submerchant", async () => {
		const { error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'get',
			submerchantId: byId(S.otherMerchants),
		});
		expect(error?.message).toBe('Submerchant not found');
		expect(error?.description).toContain('NOT_FOUND');
		expect(onlyRequest(sandbox()).path).toBe(`/v1/submerchants/${S.otherMerchants}`);
	});
});

/**
 * A value given through an expression, as it arrives from earlier nodes. Literal empty required values and literal
 * malformed ids never reach the node: n8n's own parameter check stops the workflow first (see the last describe).
 */
const expr = (value: string) => `={{ ${JSON.stringify(value)} }}`;

type Row = [
	rule: string,
	parameters: INodeParameters,
	message: string,
	inputItems?: INodeExecutionData[],
];

describe('invalid inputs are rejected before any request, naming field, rule and item', () => {
	const rows: Row[] = [
		[
			'submerchant id UUID (get)',
			{ resource: 'submerchant', operation: 'get', submerchantId: byId(expr('123')) },
			'submerchant_id must be a UUID',
		],
	];

	// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
	it.each(rows)('%s', async (...row: Row) => {
		const [, parameters, message, inputItems] = row;
		await expectRejectedBeforeSending(sandbox(), parameters, message, inputItems);
	});
});
