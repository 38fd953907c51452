'use strict';
/**
 * Seed data: a fixed, documented set of records (ids in seedIds.ts) and a generator of extra charges for benchmarks.
 */
const { CHARGE_STATUSES, MAX_INSTALLMENTS, PAYMENT_METHODS } = require('./fromPackage');
const { anticipationTotals } = require('./fees');
const { SEED } = require('./seedIds');
const { newId, nowIso } = require('./store');

const S = SEED.submerchants;

function submerchant(fields) {
	const created = fields.created_at ?? '2025-01-15T12:00:00.000Z';
	const { id, ...rest } = fields;
	return {
		id,
		parent_merchant_id: SEED.merchantId,
		legal_name: fields.trade_name,
		tax_id: fields.entity_type === 'pf' ? '39053344705' : '11222333000181',
		email: `${fields.trade_name.toLowerCase().replace(/[^a-z]+/g, '.')}@example.com`,
		phone: '+5511987654321',
		website: null,
		description: null,
		soft_descriptor: null,
		birth_date: null,
		mother_name: null,
		business_type: 'physical',
		product_categories: [],
		average_ticket: null,
		monthly_revenue: null,
		reviewed_at: null,
		review_notes: null,
		created_at: created,
		updated_at: created,
		mcc: '5999',
		cnaes: [],
		...rest,
	};
}

function document(fields) {
	const { id, submerchant_id, ...rest } = fields;
	return {
		id,
		submerchant_id,
		legal_representative_id: null,
		notes: null,
		number: null,
		file_url: `https://files.example.com/${fields.id}.pdf`,
		file_name: `${fields.type}.pdf`,
		file_size: 48_213,
		mime_type: 'application/pdf',
		status: 'pending',
		verified_at: null,
		verification_notes: null,
		expires_at: null,
		created_at: '2025-01-20T10:00:00.000Z',
		updated_at: '2025-01-20T10:00:00.000Z',
		...rest,
	};
}

function charge(fields) {
	const card =
		fields.payment_method === 'credit_card' || fields.payment_method === 'debit_card'
			? {
					holder_name: fields.customer?.name?.toUpperCase() ?? 'SANDBOX HOLDER',
					last_four: '1111',
					expiration_month: '12',
					expiration_year: '2030',
					tokenized: false,
				}
			: null;
	const { id, ...rest } = fields;
	return {
		id,
		merchant_id: SEED.merchantId,
		submerchant_id: S.active,
		currency: 'BRL',
		product_type: 'physical',
		updated_at: fields.created_at,
		installments: 1,
		shipping_amount: 0,
		customer: null,
		items: [{ name: 'Sandbox item', quantity: 1, unit_price: fields.amount, tangible: true }],
		split: [],
		metadata: {},
		statement_descriptor: null,
		card,
		chargebacks: [],
		...rest,
	};
}

function seedSubmerchants(store) {
	const records = [
		submerchant({
			id: S.pfReadyForReview,
			entity_type: 'pf',
			trade_name: 'Ana Souza Atelier',
			legal_name: 'Ana Souza',
			status: 'pending',
			birth_date: '1990-04-12',
			mother_name: 'Maria Souza',
		}),
		submerchant({
			id: S.pfMissingMotherName,
			entity_type: 'pf',
			trade_name: 'Bruno Lima Fotografia',
			legal_name: 'Bruno Lima',
			tax_id: '52998224725',
			status: 'pending',
			birth_date: '1985-09-30',
		}),
		submerchant({
			id: S.pjWithLegalRepresentative,
			entity_type: 'pj',
			trade_name: 'Casa Verde Plantas',
			legal_name: 'Casa Verde Comercio de Plantas LTDA',
			status: 'pending',
			business_type: 'both',
			cnaes: [
				{ code: '4789-0/02', description: 'Comercio varejista de plantas', is_primary: true },
			],
		}),
		submerchant({
			id: S.pjWithoutLegalRepresentative,
			entity_type: 'pj',
			trade_name: 'Delta Digital',
			legal_name: 'Delta Digital Servicos LTDA',
			tax_id: '45723174000110',
			status: 'pending',
			business_type: 'digital',
		}),
		submerchant({
			id: S.active,
			entity_type: 'pj',
			trade_name: 'Estrela Modas',
			legal_name: 'Estrela Modas Comercio LTDA',
			tax_id: '11444777000161',
			status: 'active',
			website: 'https://estrela.example.com',
			soft_descriptor: 'ESTRELA MODAS',
			product_categories: ['clothing', 'accessories'],
			average_ticket: '120.00',
			monthly_revenue: '85000.00',
			reviewed_at: '2025-01-18T09:30:00.000Z',
			review_notes: 'Approved',
			mcc: '5651',
			cnaes: [
				{ code: '4781-4/00', description: 'Comercio varejista de vestuario', is_primary: true },
			],
			created_at: '2025-01-10T12:00:00.000Z',
			updated_at: '2025-01-18T09:30:00.000Z',
		}),
		submerchant({
			id: S.rejected,
			entity_type: 'pf',
			trade_name: 'Fabio Costa Doces',
			legal_name: 'Fabio Costa',
			tax_id: '86288366757',
			status: 'rejected',
			birth_date: '1979-02-03',
			mother_name: 'Helena Costa',
			reviewed_at: '2025-01-25T15:00:00.000Z',
			review_notes: 'Identity document unreadable',
		}),
		submerchant({
			id: S.pendingReview,
			entity_type: 'pf',
			trade_name: 'Gabriela Rocha Aulas',
			legal_name: 'Gabriela Rocha',
			tax_id: '71428793860',
			status: 'pending_review',
			business_type: 'digital',
			birth_date: '1995-11-20',
			mother_name: 'Lucia Rocha',
		}),
		submerchant({
			id: S.suspended,
			entity_type: 'pj',
			trade_name: 'Horizonte Tech',
			legal_name: 'Horizonte Tecnologia SA',
			tax_id: '60701190000104',
			status: 'suspended',
			business_type: 'digital',
		}),
		submerchant({
			id: S.inactive,
			entity_type: 'pf',
			trade_name: 'Igor Alves Consertos',
			legal_name: 'Igor Alves',
			tax_id: '15350946056',
			status: 'inactive',
			birth_date: '1970-06-15',
			mother_name: 'Rosa Alves',
		}),
		submerchant({
			id: S.otherMerchants,
			parent_merchant_id: SEED.otherMerchantId,
			entity_type: 'pj',
			trade_name: 'Outra Loja',
			legal_name: 'Outra Loja LTDA',
			status: 'active',
		}),
	];
	records.forEach((record, index) => {
		// Distinct creation times (in list order) unless set above.
		if (record.created_at === '2025-01-15T12:00:00.000Z') {
			record.created_at = new Date(Date.UTC(2025, 0, 15, 12, index)).toISOString();
			record.updated_at = record.created_at;
		}
		store.submerchants.set(record.id, record);
	});

	for (const lr of [
		{
			id: SEED.legalRepresentatives.pjPartner,
			submerchant_id: S.pjWithLegalRepresentative,
			name: 'Carla Mendes',
		},
		{
			id: SEED.legalRepresentatives.activePartner,
			submerchant_id: S.active,
			name: 'Eduardo Ramos',
		},
	]) {
		store.legalRepresentatives.set(lr.id, { ...lr, created_at: '2025-01-16T10:00:00.000Z' });
	}

	store.addresses.set(SEED.addresses.activeBilling, {
		id: SEED.addresses.activeBilling,
		submerchant_id: S.active,
		type: 'billing',
		street: 'Avenida Paulista',
		number: '1000',
		complement: 'Sala 12',
		neighborhood: 'Bela Vista',
		city: 'Sao Paulo',
		state: 'SP',
		zip_code: '01310-100',
		country: 'BR',
		is_primary: true,
		created_at: '2025-01-10T12:30:00.000Z',
	});

	const D = SEED.documents;
	for (const doc of [
		document({
			id: D.pfMissingMotherNameFrontId,
			submerchant_id: S.pfMissingMotherName,
			type: 'front_id',
			mime_type: 'image/jpeg',
			file_name: 'front_id.jpg',
			file_url: `https://files.example.com/${D.pfMissingMotherNameFrontId}.jpg`,
		}),
		document({
			id: D.pjWithLegalRepresentativeSocialContract,
			submerchant_id: S.pjWithLegalRepresentative,
			type: 'social_contract',
		}),
		document({
			id: D.pjWithoutLegalRepresentativeCnpjCard,
			submerchant_id: S.pjWithoutLegalRepresentative,
			type: 'cnpj_card',
		}),
		document({ id: D.activeSocialContract, submerchant_id: S.active, type: 'social_contract' }),
		document({
			id: D.activePartnerFrontId,
			submerchant_id: S.active,
			type: 'partner_front_id',
			legal_representative_id: SEED.legalRepresentatives.activePartner,
			mime_type: 'image/png',
			file_name: 'partner_front_id.png',
			file_url: `https://files.example.com/${D.activePartnerFrontId}.png`,
		}),
	]) {
		store.documents.set(doc.id, doc);
	}
}

function seedCharges(store) {
	const C = SEED.charges;
	const customer = (name, taxId) => ({
		name,
		email: `${name.toLowerCase().replace(/ /g, '.')}@example.com`,
		tax_id: taxId,
		phone: '+5511912345678',
	});
	for (const record of [
		charge({
			id: C.pending,
			status: 'pending',
			payment_method: 'pix',
			amount: 15_000,
			created_at: '2025-03-01T12:00:00.000Z',
			customer: customer('Joao Pereira', '39053344705'),
			metadata: { order_id: 'ORD-1001' },
		}),
		charge({
			id: C.authorized,
			status: 'authorized',
			payment_method: 'credit_card',
			amount: 25_990,
			created_at: '2025-03-05T12:00:00.000Z',
			customer: customer('Mariana Alves', '52998224725'),
		}),
		charge({
			id: C.captured,
			status: 'captured',
			payment_method: 'credit_card',
			amount: 90_000,
			installments: 3,
			created_at: '2025-03-10T12:00:00.000Z',
			customer: customer('Pedro Santos', '86288366757'),
			split: [{ recipient_id: S.active, amount: 10_000, cross_company: false }],
			metadata: { order_id: 'ORD-1003' },
		}),
		charge({
			id: C.partiallyRefunded,
			status: 'partially_refunded',
			payment_method: 'debit_card',
			amount: 5_000,
			created_at: '2025-03-12T12:00:00.000Z',
			customer: customer('Lucas Ferreira', '71428793860'),
		}),
		charge({
			id: C.refunded,
			status: 'refunded',
			payment_method: 'credit_card',
			amount: 12_000,
			installments: 2,
			created_at: '2025-03-15T12:00:00.000Z',
			customer: customer('Beatriz Gomes', '15350946056'),
		}),
		charge({
			id: C.voided,
			status: 'voided',
			payment_method: 'debit_card',
			amount: 7_500,
			created_at: '2025-03-18T12:00:00.000Z',
			customer: customer('Rafael Martins', '39053344705'),
		}),
		charge({
			id: C.failed,
			status: 'failed',
			payment_method: 'boleto',
			amount: 30_000,
			created_at: '2025-03-20T12:00:00.000Z',
			customer: customer('Camila Ribeiro', '52998224725'),
		}),
		charge({
			id: C.expired,
			status: 'expired',
			payment_method: 'boleto',
			amount: 4_500,
			created_at: '2025-03-25T12:00:00.000Z',
			customer: customer('Thiago Carvalho', '86288366757'),
		}),
	]) {
		store.addCharge(record);
	}
}

function seedMoney(store) {
	store.paymentLinks.set(SEED.paymentLinkId, {
		id: SEED.paymentLinkId,
		merchant_id: SEED.merchantId,
		submerchant_id: S.active,
		title: 'Camiseta Estrela',
		description: 'Camiseta de algodao, tamanho M',
		amount: 7_990,
		checkout_url: `https://checkout.example.com/pay/${SEED.paymentLinkId}`,
		currency: 'BRL',
		product_type: 'physical',
		allowed_payment_methods: ['credit_card'],
		max_installments: 6,
		expires_at: '2026-12-31T23:59:59.000Z',
		max_uses: 100,
		current_uses: 3,
		status: 'active',
		redirect_url: 'https://estrela.example.com/obrigado',
		cover_image_url: null,
		metadata: { campaign: 'summer' },
		created_by: SEED.merchantId,
		created_at: '2025-02-01T12:00:00.000Z',
		updated_at: '2025-02-01T12:00:00.000Z',
	});

	const R = SEED.receivables;
	const receivable = (
		id,
		chargeId,
		installment,
		gross,
		fee,
		settlement,
		status = 'pending',
		paymentMethod = 'credit_card',
	) => ({
		id,
		charge_id: chargeId,
		merchant_id: SEED.merchantId,
		gross_amount: gross,
		net_amount: gross - fee,
		fee_amount: fee,
		status,
		payment_method: paymentMethod,
		installment,
		settlement_date: settlement,
		created_at: '2025-03-10T12:00:05.000Z',
	});
	const receivables = [
		receivable(
			R.capturedInstallment1,
			SEED.charges.captured,
			1,
			30_000,
			900,
			'2025-04-09T00:00:00.000Z',
		),
		receivable(
			R.capturedInstallment2,
			SEED.charges.captured,
			2,
			30_000,
			900,
			'2025-05-09T00:00:00.000Z',
		),
		receivable(
			R.capturedInstallment3,
			SEED.charges.captured,
			3,
			30_000,
			900,
			'2025-06-08T00:00:00.000Z',
		),
		receivable(
			R.anticipated,
			SEED.charges.partiallyRefunded,
			1,
			5_000,
			100,
			'2025-04-11T00:00:00.000Z',
			'anticipated',
			'debit_card',
		),
	];
	for (const r of receivables) store.receivables.set(r.id, r);

	store.anticipations.set(SEED.anticipationId, {
		id: SEED.anticipationId,
		merchant_id: SEED.merchantId,
		status: 'pending',
		anticipation_type: 'spot',
		...anticipationTotals([receivables[3]]),
		receivable_ids: [R.anticipated],
		metadata: { reason: 'cash flow' },
		created_at: '2025-03-13T09:00:00.000Z',
		updated_at: '2025-03-13T09:00:00.000Z',
	});

	const W = SEED.walletEntries;
	const entries = [
		{
			id: W[0],
			direction: 'credit',
			amount: 50_000,
			reference_type: 'charge',
			reference_id: SEED.charges.authorized,
			description: 'Charge settlement',
			created_at: '2025-01-10T10:00:00.000Z',
		},
		{
			id: W[1],
			direction: 'credit',
			amount: 29_100,
			reference_type: 'charge',
			reference_id: SEED.charges.captured,
			description: 'Charge settlement, installment 1',
			created_at: '2025-02-05T10:00:00.000Z',
		},
		{
			id: W[2],
			direction: 'debit',
			amount: 20_000,
			reference_type: 'withdrawal',
			reference_id: SEED.withdrawals.completed,
			description: 'Withdrawal',
			created_at: '2025-02-20T10:00:00.000Z',
		},
		{
			id: W[3],
			direction: 'credit',
			amount: 4_900,
			reference_type: 'charge',
			reference_id: SEED.charges.partiallyRefunded,
			description: 'Charge settlement',
			created_at: '2025-03-12T10:00:00.000Z',
		},
		{
			id: W[4],
			direction: 'debit',
			amount: 12_000,
			reference_type: 'charge',
			reference_id: SEED.charges.refunded,
			description: 'Refund',
			created_at: '2025-03-15T10:00:00.000Z',
		},
	];
	let balance = 0;
	for (const entry of entries) {
		balance += entry.direction === 'credit' ? entry.amount : -entry.amount;
		store.walletEntries.set(entry.id, {
			...entry,
			wallet_id: SEED.walletId,
			balance_after: balance,
		});
	}
	store.wallets.set(SEED.walletId, {
		id: SEED.walletId,
		owner_type: 'merchant',
		owner_id: SEED.merchantId,
		wallet_type: 'available',
		currency_code: 'BRL',
		balance,
		is_active: true,
		created_at: '2025-01-01T00:00:00.000Z',
		updated_at: '2025-03-15T10:00:00.000Z',
	});

	const X = SEED.withdrawals;
	for (const w of [
		{
			id: X.completed,
			submerchant_id: null,
			amount: 20_000,
			status: 'completed',
			created_at: '2025-02-20T10:00:00.000Z',
		},
		{
			id: X.pendingForActiveSubmerchant,
			submerchant_id: S.active,
			amount: 15_000,
			status: 'pending',
			created_at: nowIso(),
		},
		{
			id: X.completedForActiveSubmerchant,
			submerchant_id: S.active,
			amount: 8_000,
			status: 'completed',
			created_at: '2025-03-01T10:00:00.000Z',
		},
	]) {
		store.withdrawals.set(w.id, { ...w, merchant_id: SEED.merchantId });
	}
	store.submerchantBalances.set(S.active, 42_000);
}

/** Fills an empty store with the seed records. */
function seedStore(store) {
	seedSubmerchants(store);
	seedCharges(store);
	seedMoney(store);
}

/** Deterministic pseudo-random numbers (mulberry32), so generated charges are the same on every run. */
function pseudoRandom(seed) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
	};
}

const FIRST_NAMES = [
	'Ana',
	'Bruno',
	'Carla',
	'Diego',
	'Elisa',
	'Felipe',
	'Giovana',
	'Henrique',
	'Isabela',
	'Jorge',
];
const LAST_NAMES = [
	'Silva',
	'Santos',
	'Oliveira',
	'Souza',
	'Lima',
	'Pereira',
	'Costa',
	'Rodrigues',
	'Almeida',
	'Nunes',
];
const MAX_GENERATED_CHARGES = 100_000;

/**
 * Adds `count` generated charges (every status and method, amounts 1.00..5000.00, created through 2024-2025) and
 * returns their ids. No event is emitted for them.
 */
function generateCharges(store, count) {
	const random = pseudoRandom(store.charges.size + count);
	const pick = (values) => values[Math.floor(random() * values.length)];
	const start = Date.UTC(2024, 0, 1);
	const span = Date.UTC(2025, 11, 31) - start;
	const ids = [];
	for (let i = 0; i < count; i++) {
		const name = `${pick(FIRST_NAMES)} ${pick(LAST_NAMES)}`;
		const method = pick(PAYMENT_METHODS);
		const status = pick(CHARGE_STATUSES);
		const amount = 100 + Math.floor(random() * 499_901);
		const createdAt = new Date(start + Math.floor(random() * span)).toISOString();
		const record = charge({
			id: newId(),
			status,
			payment_method: method,
			amount,
			created_at: createdAt,
			installments: method === 'credit_card' ? 1 + Math.floor(random() * MAX_INSTALLMENTS) : 1,
			customer: { name, email: `${name.toLowerCase().replace(' ', '.')}@example.com` },
			metadata: { generated: true },
		});
		store.addCharge(record);
		ids.push(record.id);
	}
	return ids;
}

module.exports = { seedStore, MAX_GENERATED_CHARGES, generateCharges, SEED };
