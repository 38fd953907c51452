/**
 * What the user typed is what the platform gets, run through n8n against the sandbox: integer text only in decimal
 * digits, codes never read from a number (a number has no leading zeros), no rounding number input in the editor,
 * rows that send only the cells the user filled, dates that mean whole days, JSON integers kept exactly, card data
 * only behind an explicit choice.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { SEED } from '../../sandbox';
import { runAction } from '../harness';
import { onlyRequest, useSandbox } from '../harness/actions';
import { expr } from '../harness/parameters';
import { moduleOf } from '../harness/registry';

const api = useSandbox({}, { resetBeforeEach: true });
const bodyOf = () => onlyRequest(api()).body as Record<string, unknown>;
const chargeCreate = (more: INodeParameters = {}): INodeParameters => ({
	resource: 'charge',
	operation: 'create',
	paymentMethod: 'pix',
	amount: 1000,
	...more,
});

async function refused(parameters: INodeParameters, message: RegExp, timezone?: string) {
	api().clearRequests();
	const { error } = await runAction(api(), parameters, timezone ? { timezone } : {});
	expect(error?.message).toMatch(message);
	expect(api().requests).toEqual([]);
	return error;
}

const SPLIT_ROW = { recipient_id: SEED.submerchants.active, amount: 500 };
const ITEM_ROW = { name: 'Camiseta', quantity: 2, tangible: false, unit_price: 500 };
const zipUpdate = {
	resource: 'submerchantAddress',
	operation: 'update',
	submerchantId: { __rl: true, mode: 'id', value: SEED.submerchants.active },
	addressId: SEED.submerchants.active,
};

// Integer text only in decimal digits; a code given as a number has lost its leading zeros; the editor never rounds
// a number before the node checks it; a row sends the cells the user filled; JSON integers kept exactly.
// prettier-ignore
it.each<[string, INodeParameters, RegExp]>([
	...['0b11', '0o7', '0xA', '5.', '3.e0'].map((text): [string, INodeParameters, RegExp] => [`Installments ${text}`, chargeCreate({ paymentDetails: { installments: expr(text) } }), /^payment_details\.installments must be an integer/]),
	['Charge → Get Many Installments "0o3"', { resource: 'charge', operation: 'getAll', limit: 1, filters: { installments: expr('0o3') } }, /^installments must be an integer/],
	['Customer Tax ID from a number (0123… read as 123…)', chargeCreate({ customer: { details: { tax_id: '={{ 1234567890 }}' } } }), /^customer\.tax_id must be text/],
	['a ZIP code from a number', { ...zipUpdate, updateFields: { zipCode: '={{ 1310100 }}' } }, /zip_code must be text/],
	['99.9 typed into Amount (refused with its reading in reais)', chargeCreate({ amount: 99.9 }), /^amount must be whole cents: 99\.9 could be R\$ 99,90 = 9990 cents/],
	['a split row with a recipient and no amount', chargeCreate({ split: { recipient: [{ recipient_id: SEED.submerchants.active, amount: '={{ $json.share }}' }] } }), /^split\[0\]\.amount is required/],
	['Metadata {"order_id": 9007199254740993} (never sent as …992)', chargeCreate({ additionalFields: { metadata: '{"order_id": 9007199254740993}' } }), /^metadata .*9007199254740993/],
	['Additional Body Fields with a number beyond 2^53', chargeCreate({ options: { additionalBodyFields: '{"external_ref": 12345678901234567890}' } }), /12345678901234567890/],
])('%s is refused before sending, not converted', async (_title, parameters, message) => {
	await refused(parameters, message);
});

// prettier-ignore
it.each<[string, INodeParameters, string, unknown]>([
	['decimal digits with a sign are still read', chargeCreate({ paymentDetails: { installments: expr(' +3 ') } }), 'payment_details.installments', 3],
	['Customer Tax ID as text keeps its leading zero', chargeCreate({ customer: { details: { tax_id: expr('01234567890') } } }), 'customer.tax_id', '01234567890'],
	['a split row sends no cross_company the user did not set', chargeCreate({ split: { recipient: [SPLIT_ROW] } }), 'split', [SPLIT_ROW]],
	['an item row sends no quantity, tangible or unit_price the user did not set', chargeCreate({ items: { item: [{ name: 'Camiseta' }] } }), 'items', [{ name: 'Camiseta' }]],
	['an item row sends the quantity, tangible and price the user set, even tangible false', chargeCreate({ items: { item: [ITEM_ROW] } }), 'items', [ITEM_ROW]],
	['Metadata with safe numbers and such digits inside text is sent unchanged', chargeCreate({ additionalFields: { metadata: '{"order_id": "9007199254740993", "n": 1.5}' } }), 'metadata', { order_id: '9007199254740993', n: 1.5 }],
	['a Card Number and CVV saved without the choice never reach the platform', chargeCreate({ paymentMethod: 'credit_card', paymentDetails: { token: 'tok_visa_4242', number: '4111111111111111', cvv: '737' } }), 'payment_details', { token: 'tok_visa_4242' }],
])('%s', async (_title, parameters, path, sent) => {
	await runAction(api(), parameters);
	const value = path.split('.').reduce<unknown>((at, key) => (at as Record<string, unknown>)[key], bodyOf());
	expect(value).toEqual(sent);
});

describe('the editor never rounds a number before the node checks it (the refusal of 99.9: above)', () => {
	const numberProperties = (properties: INodeProperties[]): INodeProperties[] =>
		properties.flatMap((property) => [
			...(property.type === 'number' ? [property] : []),
			...(
				(property.options ?? []) as Array<INodeProperties & { values?: INodeProperties[] }>
			).flatMap((option) =>
				'values' in option && option.values
					? numberProperties(option.values)
					: 'type' in option
						? numberProperties([option])
						: [],
			),
		]);

	it.each(['charge.create', 'paymentLink.create', 'charge.getAll', 'withdrawal.getFee'])(
		'%s: no number input of an API field has numberPrecision (n8n would round 99.90 to 100)',
		(name) => {
			// Items per Batch is the node's own setting, never sent.
			const inputs = numberProperties(moduleOf(name).description).filter(
				(input) => input.name !== 'batchSize',
			);
			expect(inputs.length).toBeGreaterThan(0);
			for (const input of inputs) expect(input.typeOptions?.numberPrecision).toBeUndefined();
		},
	);
});

describe('dates mean days, in the workflow time zone', () => {
	const chargesBetween = (filters: Record<string, string>) => ({
		resource: 'charge',
		operation: 'getAll',
		limit: 1,
		filters,
	});

	it('End Date 2025-03-31 covers the whole day; Start Date 2025-03-01 starts at its first moment', async () => {
		await runAction(api(), chargesBetween({ startDate: '2025-03-01', endDate: '2025-03-31' }), {
			timezone: 'America/Sao_Paulo',
		});
		expect(onlyRequest(api()).query).toMatchObject({
			start_date: '2025-03-01T03:00:00.000Z',
			end_date: '2025-04-01T02:59:59.999Z',
		});
	});

	it('Expires At 2030-12-31 in Europe/Berlin ends at the end of that day', async () => {
		await runAction(
			api(),
			{
				resource: 'paymentLink',
				operation: 'create',
				title: 'Link',
				amount: 1000,
				additionalFields: { expires_at: '2030-12-31' },
			},
			{ timezone: 'Europe/Berlin' },
		);
		expect(bodyOf().expires_at).toBe('2030-12-31T22:59:59.999Z');
	});

	it.each([
		['2025-03-10T12:00:00+05', '2025-03-10T07:00:00.000Z'],
		['2025-03-10T12:00+0530', '2025-03-10T06:30:00.000Z'],
		['20250310T120000Z', '2025-03-10T12:00:00.000Z'],
		['20250310', '2025-03-10T00:00:00.000Z'],
		['2025-069', '2025-03-10T00:00:00.000Z'],
		['2025-W11-1', '2025-03-10T00:00:00.000Z'],
		['2025-03-10T12Z', '2025-03-10T12:00:00.000Z'],
		['2025-03-10T12:00:00,5Z', '2025-03-10T12:00:00.500Z'],
	])('Start Date %s is read as %s', async (given, sent) => {
		await runAction(api(), chargesBetween({ startDate: given }), { timezone: 'UTC' });
		expect(onlyRequest(api()).query.start_date).toBe(sent);
	});

	it('End Date 2025-03 (a month) covers the whole month', async () => {
		await runAction(api(), chargesBetween({ endDate: '2025-03' }), { timezone: 'UTC' });
		expect(onlyRequest(api()).query.end_date).toBe('2025-03-31T23:59:59.999Z');
	});

	it('the date filters and Expires At say how a bare date is read', () => {
		const filters = moduleOf('charge.getAll').description.find((p) => p.name === 'filters');
		const end = (filters?.options as INodeProperties[]).find((p) => p.name === 'endDate');
		expect(end?.description).toMatch(/whole day/);
		expect(end?.description).toMatch(/workflow's time zone/);
	});
});

describe('card data only behind an explicit choice', () => {
	it('Card Number and CVV are hidden unless Card Data says to send them, and the choice names PCI DSS', () => {
		const properties = moduleOf('charge.create').description;
		const choice = properties.find((p) => p.name === 'cardData');
		expect(choice?.default).toBe('token');
		expect(JSON.stringify(choice)).toMatch(/PCI DSS/);
		expect(JSON.stringify(choice)).toMatch(/tokeni[sz]/i);
		const details = properties.find((p) => p.name === 'paymentDetails');
		const options = details?.options as INodeProperties[];
		for (const name of ['number', 'cvv']) {
			const field = options.find((p) => p.name === name);
			expect(field?.displayOptions?.show?.['/cardData']).toEqual(['cardNumber']);
		}
	});

	it('with Card Data "Card Number and CVV" they are sent', async () => {
		await runAction(
			api(),
			chargeCreate({
				paymentMethod: 'credit_card',
				cardData: 'cardNumber',
				paymentDetails: { number: '4111111111111111', cvv: '737' },
			}),
		);
		expect(Object.keys(bodyOf().payment_details as object).sort()).toEqual(['cvv', 'number']);
	});
});
