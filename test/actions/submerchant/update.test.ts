/** Submerchant → Update against the sandbox: only the fields given are sent, typed as the reference says; Fields to Clear. */
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import {
	byId,
	onlyRequest,
	expectRejectedBeforeSending,
	repeat,
	twoItems,
} from '../../harness/actions';
import type { INodeExecutionData, INodeParameters } from 'n8n-workflow';

const S = SEED.submerchants;

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Update', () => {
	it('sends only the fields given; product categories may come as an array from an expression', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'update',
			submerchantId: byId(S.suspended),
			updateFields: { productCategories: '={{ ["software", "courses"] }}', averageTicket: 0 },
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

const updateSubmerchant = (updateFields: INodeParameters): INodeParameters => ({
	resource: 'submerchant',
	operation: 'update',
	submerchantId: byId(S.active),
	updateFields,
});

describe('invalid inputs are rejected before any request, naming field, rule and item', () => {
	const rows: Row[] = [
		[
			'trade_name under 3',
			updateSubmerchant({ tradeName: 'AB' }),
			'trade_name must be 3 to 255 characters',
		],

		[
			'trade_name over 255',
			updateSubmerchant({ tradeName: repeat(256) }),
			'trade_name must be 3 to 255 characters',
		],

		[
			'legal_name under 3',
			updateSubmerchant({ legalName: 'AB' }),
			'legal_name must be 3 to 255 characters',
		],

		[
			'legal_name over 255',
			updateSubmerchant({ legalName: repeat(256) }),
			'legal_name must be 3 to 255 characters',
		],

		[
			'email format',
			updateSubmerchant({ email: 'ana.example.com' }),
			'email must be an e-mail address',
		],

		[
			'phone over 20',
			updateSubmerchant({ phone: repeat(21, '9') }),
			'phone must be at most 20 characters',
		],

		[
			'website over 255',
			updateSubmerchant({ website: repeat(256) }),
			'website must be at most 255 characters',
		],

		[
			'soft_descriptor over 22',
			updateSubmerchant({ softDescriptor: repeat(23) }),
			'soft_descriptor must be at most 22 characters',
		],

		[
			'mother_name over 255',
			updateSubmerchant({ motherName: repeat(256) }),
			'mother_name must be at most 255 characters',
		],

		[
			'birth_date pattern',
			updateSubmerchant({ birthDate: '12/04/1990' }),
			'birth_date must be a date as YYYY-MM-DD',
		],

		[
			'business_type enum',
			updateSubmerchant({ businessType: 'retail' }),
			'business_type must be one of: physical, digital, both',
		],

		[
			'average_ticket >= 0',
			updateSubmerchant({ averageTicket: -1 }),
			'average_ticket must be a number >= 0',
		],

		[
			'average_ticket a number',
			updateSubmerchant({ averageTicket: '={{ "ten" }}' }),
			'average_ticket must be a number >= 0',
		],

		[
			'monthly_revenue >= 0',
			updateSubmerchant({ monthlyRevenue: -0.01 }),
			'monthly_revenue must be a number >= 0',
		],

		['mcc 4 digits (3 digits)', updateSubmerchant({ mcc: '599' }), 'mcc must be exactly 4 digits'],

		['mcc 4 digits (letters)', updateSubmerchant({ mcc: '59A9' }), 'mcc must be exactly 4 digits'],

		[
			'product_categories list',
			updateSubmerchant({ productCategories: '["a",' }),
			'product_categories must be a comma-separated list or a JSON array',
		],

		[
			'submerchant id UUID (update)',
			{ ...updateSubmerchant({ tradeName: 'Valid' }), submerchantId: byId(expr('not-a-uuid')) },
			'submerchant_id must be a UUID',
		],
	];

	// A rest parameter, so that jest does not take a 4th parameter for a `done` callback.
	it.each(rows)('%s', async (...row: Row) => {
		const [, parameters, message, inputItems] = row;
		await expectRejectedBeforeSending(sandbox(), parameters, message, inputItems);
	});
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

	it('a bad second item fails at index 1 after the first one was sent', async () => {
		sandbox().clearRequests();
		const { error } = await runAction(
			sandbox(),
			updateSubmerchant({ mcc: '={{ $itemIndex === 0 ? "5651" : "56" }}' }),
			{ inputItems: twoItems() },
		);
		expect(error?.message).toBe('mcc must be exactly 4 digits [item 1]');
		expect(sandbox().requests).toHaveLength(1);
		expect(sandbox().requests[0].body).toEqual({ mcc: '5651' });
	});
});
