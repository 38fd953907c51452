/** Submerchant → Update against the sandbox: only the fields given are sent, typed as the reference says; Fields to Clear. */
import { runAction } from '../../harness';
import { SEED } from '../../../sandbox';
import { useSandbox } from '../../harness/sandbox';
import { byId, onlyRequest } from '../payments.helpers';

const S = SEED.submerchants;

const sandbox = useSandbox({}, { resetBeforeEach: true });

describe('Submerchant → Update', () => {
	it('PATCHes every field given, with API names and types, and outputs the updated submerchant', async () => {
		const { output, error } = await runAction(sandbox(), {
			resource: 'submerchant',
			operation: 'update',
			submerchantId: byId(S.pfReadyForReview),
			updateFields: {
				tradeName: 'Ana Souza Atelier e Costura',
				legalName: 'Ana Maria Souza',
				email: 'ana@atelier.example.com',
				phone: '+5511912345678',
				website: 'https://atelier.example.com',
				description: 'Costura sob medida',
				softDescriptor: 'ANA ATELIER',
				birthDate: '1990-04-13',
				motherName: 'Maria Aparecida Souza',
				businessType: 'both',
				productCategories: 'clothing, sewing ,, repairs',
				averageTicket: 150.5,
				monthlyRevenue: 12000,
				mcc: '5699',
				cnaes: {
					cnae: [
						{ code: '1412-6/02', description: 'Confeccao sob medida', isPrimary: true },
						{ code: '9529-1/99', description: 'Reparacao', isPrimary: false },
					],
				},
			},
		});
		expect(error).toBeUndefined();
		const request = onlyRequest(sandbox());
		expect(request.method).toBe('PATCH');
		expect(request.path).toBe(`/v1/submerchants/${S.pfReadyForReview}`);
		const cnaes = [
			{ code: '1412-6/02', description: 'Confeccao sob medida', is_primary: true },
			{ code: '9529-1/99', description: 'Reparacao', is_primary: false },
		];
		expect(request.body).toEqual({
			trade_name: 'Ana Souza Atelier e Costura',
			legal_name: 'Ana Maria Souza',
			email: 'ana@atelier.example.com',
			phone: '+5511912345678',
			website: 'https://atelier.example.com',
			description: 'Costura sob medida',
			soft_descriptor: 'ANA ATELIER',
			birth_date: '1990-04-13',
			mother_name: 'Maria Aparecida Souza',
			business_type: 'both',
			product_categories: ['clothing', 'sewing', 'repairs'],
			average_ticket: 150.5,
			monthly_revenue: 12000,
			mcc: '5699',
			cnaes,
		});
		expect(output).toHaveLength(1);
		expect(output[0].json).toMatchObject({
			id: S.pfReadyForReview,
			tax_id: '39053344705',
			trade_name: 'Ana Souza Atelier e Costura',
			birth_date: '1990-04-13',
			business_type: 'both',
			product_categories: ['clothing', 'sewing', 'repairs'],
			average_ticket: '150.50',
			monthly_revenue: '12000.00',
			mcc: '5699',
			cnaes,
		});
	});

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
