/** Submerchant Document → Get Many against the sandbox: one GET, one item per document. */
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { byId, onlyRequest, expectRejectedBeforeSending } from '../../harness/actions';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

const S = SEED.submerchants;
const D = SEED.documents;
const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant Document → Get Many', () => {
	it('applies the limit on the client', async () => {
		const { output } = await runAction(sandbox(), {
			resource: 'submerchantDocument',
			operation: 'getAll',
			submerchantId: byId(S.active),
			returnAll: false,
			limit: 1,
		});
		expect(onlyRequest(sandbox()).query).toEqual({});
		expect(output).toHaveLength(1);
		expect([D.activeSocialContract, D.activePartnerFrontId]).toContain(output[0].json.id);
	});

	it('emits no item for a submerchant without documents', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchantDocument',
			operation: 'getAll',
			submerchantId: byId(S.pfReadyForReview),
			returnAll: true,
		});
		expect(error).toBeUndefined();
		expect(output).toEqual([]);
		expect(sandbox().requests).toHaveLength(1);
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
			'submerchant id UUID (documents)',
			{
				resource: 'submerchantDocument',
				operation: 'getAll',
				submerchantId: byId(expr('nope')),
				returnAll: true,
			},
			'submerchant_id must be a UUID',
		],

		[
			'limit >= 1 (documents)',
			{
				resource: 'submerchantDocument',
				operation: 'getAll',
				submerchantId: byId(S.active),
				returnAll: false,
				limit: 0,
			},
			'limit must be an integer >= 1',
		],
	];

	// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
	it.each(rows)('%s', async (...row: Row) => {
		const [, parameters, message, inputItems] = row;
		await expectRejectedBeforeSending(sandbox(), parameters, message, inputItems);
	});
});
