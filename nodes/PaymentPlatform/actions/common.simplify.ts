import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

type Picker = (record: IDataObject) => IDataObject;

interface RecordKind {
	noun: string;
	keeps: string;
	pick: Picker;
}

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
 * Only the fields that say nothing about the new record (its account, who made it, and its last update, which is its
 * creation): what the platform adds beyond the reference (a pix code, a boleto line) reaches the next node.
 */
const CREATE_NOISE = ['merchant_id', 'created_by', 'updated_at'] as const;

const ADDED_BY_THE_PLATFORM: Partial<Record<SimplifiedKind, string>> = {
	charge:
		' (the pix copy-and-paste code or QR code, the boleto line or PDF, the card authorisation)',
};

/** On a read it keeps what an operator needs first; on a create every field outside CREATE_NOISE. */
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

function wantsSimplified(this: IExecuteFunctions, i: number): boolean {
	return this.getNodeParameter('simplify', i, false) === true;
}

export function simplifyIfChosen(
	this: IExecuteFunctions,
	i: number,
	kind: SimplifiedKind,
	record: IDataObject,
): IDataObject {
	return wantsSimplified.call(this, i) ? KINDS[kind].pick(record) : record;
}

export function simplifyCreatedIfChosen(
	this: IExecuteFunctions,
	i: number,
	record: IDataObject,
): IDataObject {
	if (!wantsSimplified.call(this, i)) return record;
	const noise: readonly string[] = CREATE_NOISE;
	return Object.fromEntries(Object.entries(record).filter(([name]) => !noise.includes(name)));
}

export function simplifyAllIfChosen(
	this: IExecuteFunctions,
	i: number,
	kind: SimplifiedKind,
	records: IDataObject[],
): IDataObject[] {
	return wantsSimplified.call(this, i) ? records.map(KINDS[kind].pick) : records;
}
