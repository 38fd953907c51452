'use strict';
/**
 * Seed data: the fixed records of seed.json (ids in seedIds.js) loaded into a store, and a generator of extra charges
 * for benchmarks. seed.json holds the data; this file only resolves its references and derives computed fields.
 */
const SEED_DATA = require('./seed.json');
const { CHARGE_STATUSES, MAX_INSTALLMENTS, PAYMENT_METHODS } = require('./api/values');
const { anticipationTotals } = require('./fees');
const { mulberry32 } = require('./random');
const { SEED } = require('./seedIds');
const { newId, nowIso } = require('./store');

/** `"$path.in.SEED"` → that id, `"$now"` → the load time; anything else as written. */
function resolve(value, now) {
	if (Array.isArray(value)) return value.map((item) => resolve(item, now));
	if (value !== null && typeof value === 'object')
		return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, now)]));
	if (typeof value !== 'string' || !value.startsWith('$')) return value;
	if (value === '$now') return now;
	const id = value
		.slice(1)
		.split('.')
		.reduce((node, key) => node?.[key], /** @type {any} */ (SEED));
	if (typeof id !== 'string') throw new Error(`seed.json: unknown reference ${value}`);
	return id;
}

/** The records of one seed.json table, defaults filled in and references resolved. */
function table(name, now) {
	const { defaults, records } = SEED_DATA[name];
	return records.map((record) => resolve({ id: record.id, ...defaults, ...record }, now));
}

const CARD_METHODS = ['credit_card', 'debit_card'];

/** Derived charge fields: updated_at, one item for the whole amount, and the card summary of card charges. */
function charge(fields) {
	const card = CARD_METHODS.includes(fields.payment_method)
		? {
				holder_name: fields.customer?.name?.toUpperCase() ?? 'SANDBOX HOLDER',
				last_four: '1111',
				expiration_month: '12',
				expiration_year: '2030',
				tokenized: false,
			}
		: null;
	return {
		...fields,
		updated_at: fields.updated_at ?? fields.created_at,
		items: fields.items ?? [
			{ name: 'Sandbox item', quantity: 1, unit_price: fields.amount, tangible: true },
		],
		card: fields.card ?? card,
	};
}

/** Fills an empty store with the seed records. */
function seedStore(store) {
	const now = nowIso();
	const load = (name, map, derive = (record) => record) => {
		for (const record of table(name, now)) map.set(record.id, derive(record));
	};
	load('submerchants', store.submerchants);
	load('legalRepresentatives', store.legalRepresentatives);
	load('addresses', store.addresses);
	load('documents', store.documents);
	for (const record of table('charges', now)) store.addCharge(charge(record));
	load('paymentLinks', store.paymentLinks);
	load('receivables', store.receivables, (r) => ({
		...r,
		net_amount: r.gross_amount - r.fee_amount,
	}));
	load('anticipations', store.anticipations, (a) => ({
		...a,
		...anticipationTotals(a.receivable_ids.map((id) => store.receivables.get(id))),
	}));
	let balance = 0;
	load('walletEntries', store.walletEntries, (entry) => {
		balance += entry.direction === 'credit' ? entry.amount : -entry.amount;
		return { ...entry, balance_after: balance };
	});
	load('wallets', store.wallets, (wallet) => ({ ...wallet, balance }));
	load('withdrawals', store.withdrawals);
	for (const [id, amount] of Object.entries(SEED_DATA.submerchantBalances))
		store.submerchantBalances.set(resolve(id, now), amount);
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
	const random = mulberry32(store.charges.size + count);
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
			...resolve(SEED_DATA.charges.defaults, createdAt),
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

/** One generated charge created now: the newest, listed first. Returns its id. */
function addNewestCharge(store) {
	const [id] = generateCharges(store, 1);
	const record = store.charges.get(id);
	const now = new Date().toISOString();
	record.created_at = now;
	record.updated_at = now;
	store.addCharge(record);
	return id;
}

module.exports = { seedStore, MAX_GENERATED_CHARGES, generateCharges, addNewestCharge, SEED };
