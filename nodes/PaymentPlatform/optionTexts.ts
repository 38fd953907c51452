import type { INodePropertyOptions } from 'n8n-workflow';
import {
	CHARGE_STATUSES,
	PAYMENT_METHODS,
	SUBMERCHANT_STATUSES,
	type ChargeStatus,
} from './documentedValues';

/** What each status and payment method means for the money, in an operator's words. */

type Text = { name: string; description: string };

const CHARGE_STATUS_TEXTS: Record<ChargeStatus, Text> = {
	pending: {
		name: 'Pending',
		description: 'Created and waiting for the customer to pay; no money has moved yet',
	},
	authorized: {
		name: 'Authorized',
		description: 'Card payment approved and reserved on the card, but not taken yet',
	},
	captured: { name: 'Captured', description: 'Paid: the payment was taken and the money is yours' },
	partially_refunded: {
		name: 'Partially Refunded',
		description: 'Paid, then part of the amount was given back to the customer',
	},
	refunded: {
		name: 'Refunded',
		description: 'Paid, then the whole amount was given back to the customer',
	},
	voided: {
		name: 'Voided',
		description: 'Canceled before the payment was taken; no money moved',
	},
	failed: {
		name: 'Failed',
		description: 'The payment attempt failed, e.g. the card was declined; no money was taken',
	},
	expired: {
		name: 'Expired',
		description:
			'Not paid in time (e.g. a pix code or boleto past its due date); no money will come from it',
	},
};

const PAYMENT_METHOD_TEXTS: Record<(typeof PAYMENT_METHODS)[number], Text> = {
	boleto: {
		name: 'Boleto',
		description:
			'Bank slip the customer pays by its due date at a bank or in a banking app; the charge is paid only once the slip is, which can take days',
	},
	credit_card: {
		name: 'Credit Card',
		description: 'Card payment approved at once, in 1 to 12 installments',
	},
	debit_card: {
		name: 'Debit Card',
		description: "Card payment taken from the customer's bank account at once, in one installment",
	},
	pix: {
		name: 'Pix',
		description:
			'Instant bank transfer the customer makes with a QR code or a key; paid within seconds',
	},
};

const SUBMERCHANT_STATUS_TEXTS: Record<(typeof SUBMERCHANT_STATUSES)[number], Text> = {
	pending: {
		name: 'Pending',
		description: 'Registration in progress: not sent to compliance review yet',
	},
	pending_review: {
		name: 'Pending Review',
		description: 'Sent to compliance review and waiting for a decision',
	},
	active: { name: 'Active', description: 'Approved: can take payments' },
	suspended: { name: 'Suspended', description: 'Blocked from taking payments for now' },
	inactive: { name: 'Inactive', description: 'Deactivated: does not take payments' },
	rejected: {
		name: 'Rejected',
		description: 'Refused in compliance review; its review notes say why',
	},
};

/** In the words of n8n's Stripe Trigger. */
const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name);

const optionsOf = <V extends string>(values: readonly V[], texts: Record<V, Text>) =>
	values.map((value): INodePropertyOptions => ({ ...texts[value], value })).sort(byName);

export const CHARGE_STATUS_OPTIONS = optionsOf(CHARGE_STATUSES, CHARGE_STATUS_TEXTS);

export const PAYMENT_METHOD_OPTIONS = optionsOf(PAYMENT_METHODS, PAYMENT_METHOD_TEXTS);

export const SUBMERCHANT_STATUS_OPTIONS = optionsOf(SUBMERCHANT_STATUSES, SUBMERCHANT_STATUS_TEXTS);
