'use strict';
/** Submerchant → Update: every field given, with API names and types; numbers through expressions sent as text. */
const { SEED, byId } = require('../values');

const S = SEED.submerchants;
const CNAES = [
	{ code: '1412-6/02', description: 'Confeccao sob medida', is_primary: true },
	{ code: '9529-1/99', description: 'Reparacao', is_primary: false },
];

/** @type {import('..').CaseFile} */
module.exports = {
	parameters: {
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
			title: 'expressions: an MCC and a phone given as numbers are sent as text',
			input: { json: { mcc: 5411, phone: 11999998888, website: '' } },
			parameters: {
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
};
