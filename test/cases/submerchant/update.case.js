'use strict';
/** Submerchant → Update: every field given, with API names and types; numbers through expressions sent as text. */
const { SEED, byId, expr, repeat } = require('../values');

const S = SEED.submerchants;
const CNAES = [
	{ code: '1412-6/02', description: 'Confeccao sob medida', is_primary: true },
	{ code: '9529-1/99', description: 'Reparacao', is_primary: false },
];

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
		simplify: false,
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
	},
	request: {
		method: 'PATCH',
		path: `/v1/submerchants/${S.pfReadyForReview}`,
		body: {
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
			cnaes: CNAES,
		},
	},
	output: {
		first: {
			id: S.pfReadyForReview,
			tax_id: '39053344705',
			trade_name: 'Ana Souza Atelier e Costura',
			birth_date: '1990-04-13',
			business_type: 'both',
			product_categories: ['clothing', 'sewing', 'repairs'],
			average_ticket: '150.50',
			monthly_revenue: '12000.00',
			mcc: '5699',
			cnaes: CNAES,
		},
	},
	more: [
		{
			title:
				'a blank CNAE row (every cell at its default) is not sent, so the list is not replaced',
			parameters: {
				submerchantId: byId(S.active),
				updateFields: {
					tradeName: 'Loja Estrela Centro',
					cnaes: { cnae: [{ code: '', description: '', isPrimary: false }] },
				},
			},
			request: {
				method: 'PATCH',
				path: `/v1/submerchants/${S.active}`,
				body: { trade_name: 'Loja Estrela Centro' },
			},
			output: { first: { id: S.active, trade_name: 'Loja Estrela Centro' } },
		},
		{
			title: 'expressions: an MCC and a phone given as numbers are sent as text',
			input: { json: { mcc: 5411, phone: 11999998888, website: '' } },
			parameters: {
				simplify: false,
				submerchantId: byId(S.active),
				updateFields: {
					mcc: '={{ $json.mcc }}',
					phone: '={{ $json.phone }}',
					website: '={{ $json.website }}',
				},
			},
			request: {
				method: 'PATCH',
				path: `/v1/submerchants/${S.active}`,
				body: { mcc: '5411', phone: '11999998888' },
			},
			output: { first: { id: S.active, mcc: '5411', phone: '11999998888' } },
		},
	],
	// prettier-ignore
	refused: [
		{ title: 'trade_name under 3', change: { updateFields: { tradeName: 'AB' } }, message: 'trade_name must be 3 to 255 characters' },
		{ title: 'trade_name over 255', change: { updateFields: { tradeName: repeat(256) } }, message: 'trade_name must be 3 to 255 characters' },
		{ title: 'legal_name under 3', change: { updateFields: { legalName: 'AB' } }, message: 'legal_name must be 3 to 255 characters' },
		{ title: 'legal_name over 255', change: { updateFields: { legalName: repeat(256) } }, message: 'legal_name must be 3 to 255 characters' },
		{ title: 'email format', change: { updateFields: { email: 'ana.example.com' } }, message: 'email must be an e-mail address' },
		{ title: 'phone over 20', change: { updateFields: { phone: repeat(21, '9') } }, message: 'phone must be at most 20 characters' },
		{ title: 'website over 255', change: { updateFields: { website: repeat(256) } }, message: 'website must be at most 255 characters' },
		{ title: 'soft_descriptor over 22', change: { updateFields: { softDescriptor: repeat(23) } }, message: 'soft_descriptor must be at most 22 characters' },
		{ title: 'mother_name over 255', change: { updateFields: { motherName: repeat(256) } }, message: 'mother_name must be at most 255 characters' },
		{ title: 'birth_date pattern', change: { updateFields: { birthDate: '12/04/1990' } }, message: 'birth_date must be a date as YYYY-MM-DD' },
		{ title: 'business_type enum', change: { updateFields: { businessType: 'retail' } }, message: 'business_type must be one of: physical, digital, both' },
		{ title: 'average_ticket >= 0', change: { updateFields: { averageTicket: -1 } }, message: 'average_ticket must be a number >= 0' },
		{ title: 'average_ticket a number', change: { updateFields: { averageTicket: '={{ "ten" }}' } }, message: 'average_ticket must be a number >= 0' },
		{ title: 'monthly_revenue >= 0', change: { updateFields: { monthlyRevenue: -0.01 } }, message: 'monthly_revenue must be a number >= 0' },
		{ title: 'mcc 4 digits (3 digits)', change: { updateFields: { mcc: '599' } }, message: 'mcc must be exactly 4 digits' },
		{ title: 'mcc 4 digits (letters)', change: { updateFields: { mcc: '59A9' } }, message: 'mcc must be exactly 4 digits' },
		{ title: 'product_categories list', change: { updateFields: { productCategories: '["a",' } }, message: 'product_categories must be a comma-separated list or a JSON array' },
		{ title: 'submerchant id UUID', change: { updateFields: { tradeName: 'Valid' }, submerchantId: byId(expr('not-a-uuid')) }, message: 'submerchant_id must be a UUID' },
	],
};
