/** Charge → Create against the sandbox: every payment method's request pinned, the card data never echoed, invalid input refused before sending. */
import type { INodeParameters } from 'n8n-workflow';
import {
	expectRejectedBeforeSending,
	onlyRequest,
	parametersOf,
	runAction,
	runOk,
	SEED,
	useSandbox,
} from '../../harness/actions';

const api = useSandbox();
const CARD_NUMBER = '4111 1111-1111 1111';
const CVV = '737';

const createCharge = parametersOf('charge', 'create');
const cardCharge = (
	parameters: INodeParameters = {},
	paymentDetails: INodeParameters = {},
): INodeParameters =>
	createCharge({
		paymentMethod: 'credit_card',
		amount: 25990,
		paymentDetails: {
			number: CARD_NUMBER,
			holderName: 'MARIA S SILVA',
			expirationMonth: '08',
			expirationYear: '2030',
			cvv: CVV,
			installments: 3,
			...paymentDetails,
		},
		...parameters,
	});

describe('Charge → Create', () => {
	it('sends a card token instead of card details for a debit card', async () => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			createCharge({
				paymentMethod: 'debit_card',
				amount: 1000,
				paymentDetails: { token: 'tok_test_123', installments: 1 },
			}),
		);
		expect(onlyRequest(sandbox).body).toEqual({
			amount: 1000,
			payment_method: 'debit_card',
			payment_details: { token: 'tok_test_123', installments: 1 },
		});
		expect(output[0].json).toMatchObject({
			payment_method: 'debit_card',
			card: { tokenized: true },
		});
	});

	it.each(['pix', 'boleto'])('sends payment_details for %s when given', async (paymentMethod) => {
		const sandbox = api();
		const { output } = await runOk(
			sandbox,
			createCharge({
				paymentMethod,
				amount: '={{ "15000" }}',
				customer: { details: { name: 'Joao Pereira', tax_id: '39053344705' } },
				paymentDetails: { statementDescriptor: 'LOJA PIX' },
			}),
		);
		expect(onlyRequest(sandbox).body).toEqual({
			amount: 15000,
			payment_method: paymentMethod,
			payment_details: { statement_descriptor: 'LOJA PIX' },
			customer: { name: 'Joao Pereira', tax_id: '39053344705' },
		});
		expect(output[0].json).toMatchObject({
			amount: 15000,
			payment_method: paymentMethod,
			card: null,
		});
	});

	it('turns an API rejection into a NodeApiError that never quotes the card number or CVV', async () => {
		const sandbox = api();
		const unknownSubmerchant = '99999999-0000-4000-8000-000000000001';
		// Card data usually comes from the input item through expressions, as here.
		const { error, output } = await runAction(
			sandbox,
			cardCharge(
				{ additionalFields: { submerchant_id: unknownSubmerchant } },
				{ number: '={{ $json.card.number }}', cvv: '={{ $json.card.cvv }}' },
			),
			{ inputItems: [{ json: { card: { number: CARD_NUMBER, cvv: CVV } } }] },
		);
		expect(output).toEqual([]);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.message).toBe(
			'Validation failed: submerchant_id must reference a submerchant of this merchant',
		);
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		expect(onlyRequest(sandbox).method).toBe('POST');
		const everything = JSON.stringify(error);
		expect(everything).not.toContain('4111111111111111');
		expect(everything).not.toContain(CARD_NUMBER);
		expect(everything).not.toContain(`"${CVV}"`);
	});
});

describe('Charge: invalid input is rejected before any request', () => {
	// prettier-ignore
	const rows: Array<[rule: string, parameters: INodeParameters, message: string]> = [
		['amount required', cardCharge({ amount: '={{ "" }}' }), 'amount is required'],
		['amount whole cents', cardCharge({ amount: 10.5 }), 'amount must be whole cents: 10.5 could be R$ 10,50 = 1050 cents or 10.5 cents, which is not a whole number of cents'],
		['amount numeric', cardCharge({ amount: '={{ "ten" }}' }), 'amount must be whole cents, an integer such as 9900 for R$ 99,00'],
		['payment method enum', createCharge({ paymentMethod: '={{ "cash" }}', amount: 100 }), 'payment_method must be one of: credit_card, debit_card, pix, boleto'],
		['installments <= 12', cardCharge({}, { installments: 13 }), 'payment_details.installments must be an integer <= 12'],
		['installments integer', cardCharge({}, { installments: 2.5 }), 'payment_details.installments must be an integer <= 12'],
		['submerchant_id UUID', cardCharge({ additionalFields: { submerchant_id: 'store-1' } }), 'submerchant_id must be a UUID'],
		['split recipient UUID', cardCharge({ split: { recipient: [{ recipient_id: SEED.submerchants.active, amount: 100 }, { recipient_id: 'acct_123', amount: 100 }] } }), 'split[1].recipient_id must be a UUID'],
		['split amount whole cents', cardCharge({ split: { recipient: [{ recipient_id: SEED.submerchants.active, amount: 1.5 }] } }), 'split[0].amount must be whole cents: 1.5 could be R$ 1,50 = 150 cents or 1.5 cents, which is not a whole number of cents'],
		['item unit_price whole cents', cardCharge({ items: { item: [{ name: 'A', quantity: 1, unit_price: 99.9 }] } }), 'items[0].unit_price must be whole cents: 99.9 could be R$ 99,90 = 9990 cents or 99.9 cents, which is not a whole number of cents'],
		['shipping_amount whole cents', cardCharge({ additionalFields: { shipping_amount: 1.5 } }), 'shipping_amount must be whole cents: 1.5 could be R$ 1,50 = 150 cents or 1.5 cents, which is not a whole number of cents'],
		['metadata JSON', cardCharge({ additionalFields: { metadata: '{"order_id": ' } }), 'metadata must be valid JSON'],
		['metadata JSON object', cardCharge({ additionalFields: { metadata: '["a", "b"]' } }), 'metadata must be a JSON object'],
	];

	it.each(rows)('%s', async (_rule, parameters, message) => {
		const errors = await expectRejectedBeforeSending(api(), parameters, message);
		for (const item of errors) {
			expect(JSON.stringify(item)).not.toContain('4111');
			expect(JSON.stringify(item)).not.toContain(CVV);
		}
	});
});
