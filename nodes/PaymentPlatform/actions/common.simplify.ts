import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

type Picker = (record: IDataObject) => IDataObject;

interface RecordKind {
	/** What the Simplify description names, e.g. "charge". */
	noun: string;
	/** The kept fields, in the words of the Simplify description. */
	keeps: string;
	pick: Picker;
}

/** The listed fields of `record` that it has, in the listed order. */
const fields =
	(...names: string[]): Picker =>
	(record) => {
		const result: IDataObject = {};
		for (const name of names) if (record[name] !== undefined) result[name] = record[name];
		return result;
	};

const pickCharge = fields('id', 'status', 'amount', 'currency', 'payment_method', 'installments');
const pickChargeDates = fields('created_at', 'updated_at');

const KINDS = {
	charge: {
		noun: 'charge',
		keeps:
			'ID, status, amount, currency, payment method, installments, customer name and e-mail, created and updated dates',
		pick: (charge) => {
			const customer = (charge.customer ?? {}) as IDataObject;
			return {
				...pickCharge(charge),
				customer_name: customer.name ?? null,
				customer_email: customer.email ?? null,
				...pickChargeDates(charge),
			};
		},
	},
	submerchant: {
		noun: 'submerchant',
		keeps:
			'ID, status, trade and legal name, entity type, tax ID, e-mail, phone, review notes, created and updated dates',
		pick: fields(
			'id',
			'status',
			'trade_name',
			'legal_name',
			'entity_type',
			'tax_id',
			'email',
			'phone',
			'review_notes',
			'created_at',
			'updated_at',
		),
	},
	paymentLink: {
		noun: 'payment link',
		keeps:
			'ID, status, title, amount, currency, checkout URL, payment methods, max installments, uses, expiry and creation dates',
		pick: fields(
			'id',
			'status',
			'title',
			'amount',
			'currency',
			'checkout_url',
			'allowed_payment_methods',
			'max_installments',
			'current_uses',
			'max_uses',
			'expires_at',
			'created_at',
		),
	},
	document: {
		noun: 'document',
		keeps: 'ID, type, status, file name, verification notes, expiry, created and updated dates',
		pick: fields(
			'id',
			'type',
			'status',
			'file_name',
			'verification_notes',
			'expires_at',
			'created_at',
			'updated_at',
		),
	},
} satisfies Record<string, RecordKind>;

type SimplifiedKind = keyof typeof KINDS;

/**
 * What Simplify leaves out of a create's answer: only the fields that say nothing about the new record (the account
 * it belongs to, who made it, and its last update, which on a new record is its creation). Everything else stays, so
 * that what the platform adds beyond the reference's fields (a pix code, a boleto line, a card authorisation) reaches
 * the next node.
 */
const CREATE_NOISE = ['merchant_id', 'created_by', 'updated_at'] as const;

/** What the platform may add that the customer needs next, by kind (for the create's Simplify description). */
const ADDED_BY_THE_PLATFORM: Partial<Record<SimplifiedKind, string>> = {
	charge:
		' (the pix copy-and-paste code or QR code, the boleto line or PDF, the card authorisation)',
};

/**
 * The Simplify toggle of an operation that returns `kind` records. On a read it keeps
 * the fields an operator needs first; on a create (`create: true`) it keeps every field outside CREATE_NOISE.
 */
export function simplifyProperty(kind: SimplifiedKind, create = false): INodeProperties {
	const { noun, keeps } = KINDS[kind];
	const description = create
		? `Whether to leave out only the fields that say nothing about the new ${noun} (${CREATE_NOISE.join(', ')}). Every other field the platform answers is kept, also those it adds beyond the ones the API reference lists${ADDED_BY_THE_PLATFORM[kind] ?? ''}.`
		: `Whether to return only the fields an operator needs first (${keeps}) instead of the full ${noun}. The fields the platform adds beyond these are left out: turn it off to get them.`;
	return {
		displayName: 'Simplify',
		name: 'simplify',
		type: 'boolean',
		default: true,
		description,
	};
}

/** Whether item `i` asks for simplified output. */
function wantsSimplified(this: IExecuteFunctions, i: number): boolean {
	return this.getNodeParameter('simplify', i, false) === true;
}

/** The record an operation returns: simplified when the node's Simplify is on. */
export function simplifyIfChosen(
	this: IExecuteFunctions,
	i: number,
	kind: SimplifiedKind,
	record: IDataObject,
): IDataObject {
	return wantsSimplified.call(this, i) ? KINDS[kind].pick(record) : record;
}

/** The record a create returns: without CREATE_NOISE when the node's Simplify is on, else whole. */
export function simplifyCreatedIfChosen(
	this: IExecuteFunctions,
	i: number,
	record: IDataObject,
): IDataObject {
	if (!wantsSimplified.call(this, i)) return record;
	const noise: readonly string[] = CREATE_NOISE;
	return Object.fromEntries(Object.entries(record).filter(([name]) => !noise.includes(name)));
}

/** The records a list operation returns: each simplified when the node's Simplify is on. */
export function simplifyAllIfChosen(
	this: IExecuteFunctions,
	i: number,
	kind: SimplifiedKind,
	records: IDataObject[],
): IDataObject[] {
	return wantsSimplified.call(this, i) ? records.map(KINDS[kind].pick) : records;
}
