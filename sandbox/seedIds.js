'use strict';
/**
 * Fixed ids of the seed records, so tests and example workflows can reference them. They never change between runs.
 * Pattern: the first group names the resource (1 merchant, 2 submerchant, 21 legal representative, 22 address,
 * 23 document, 3 charge, 4 payment link, 5 receivable, 51 anticipation, 6 wallet, 61 wallet entry, 7 withdrawal),
 * the last group numbers the record.
 */
const id = (resource, n) =>
	`${resource.padEnd(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;

const SEED = {
	/** The merchant that owns the sandbox key pair. */
	merchantId: id('1', 1),
	/** A merchant that is not the caller's; its submerchant is invisible through /v1. */
	otherMerchantId: id('1', 2),
	submerchants: {
		/** PF, `pending`, birth_date and mother_name set, no document: passes review once a document is added. */
		pfReadyForReview: id('2', 1),
		/** PF, `pending`, one document, no mother_name: review fails on mother_name. */
		pfMissingMotherName: id('2', 2),
		/** PJ, `pending`, one legal representative and a social_contract document: passes review. */
		pjWithLegalRepresentative: id('2', 3),
		/** PJ, `pending`, a cnpj_card document, no legal representative: review fails on the representative. */
		pjWithoutLegalRepresentative: id('2', 4),
		/** PJ, `active`, with an address and documents. */
		active: id('2', 5),
		/** PF, `rejected`, with review notes. */
		rejected: id('2', 6),
		/** PF, `pending_review`. */
		pendingReview: id('2', 7),
		/** PJ, `suspended`. */
		suspended: id('2', 8),
		/** PF, `inactive`. */
		inactive: id('2', 9),
		/** PJ linked to the other merchant: 404 through /v1. */
		otherMerchants: id('2', 10),
	},
	legalRepresentatives: {
		/** Partner of pjWithLegalRepresentative. */
		pjPartner: id('21', 1),
		/** Partner of the active submerchant. */
		activePartner: id('21', 2),
	},
	addresses: {
		/** Primary billing address of the active submerchant. */
		activeBilling: id('22', 1),
	},
	documents: {
		pfMissingMotherNameFrontId: id('23', 1),
		pjWithLegalRepresentativeSocialContract: id('23', 2),
		pjWithoutLegalRepresentativeCnpjCard: id('23', 3),
		activeSocialContract: id('23', 4),
		activePartnerFrontId: id('23', 5),
	},
	/** One charge per status; together they cover every payment method. */
	charges: {
		pending: id('3', 1), // pix
		authorized: id('3', 2), // credit_card
		captured: id('3', 3), // credit_card, 3 installments
		partiallyRefunded: id('3', 4), // debit_card
		refunded: id('3', 5), // credit_card
		voided: id('3', 6), // debit_card
		failed: id('3', 7), // boleto
		expired: id('3', 8), // boleto
	},
	paymentLinkId: id('4', 1),
	receivables: {
		/** Installments 1..3 of the captured charge, `pending`. */
		capturedInstallment1: id('5', 1),
		capturedInstallment2: id('5', 2),
		capturedInstallment3: id('5', 3),
		/** Of the partially refunded charge; part of the pending anticipation (`anticipated`). */
		anticipated: id('5', 4),
	},
	anticipationId: id('51', 1),
	/** The merchant's `available` wallet, with statement entries through 2025. */
	walletId: id('6', 1),
	walletEntries: [id('61', 1), id('61', 2), id('61', 3), id('61', 4), id('61', 5)],
	withdrawals: {
		completed: id('7', 1),
		pendingForActiveSubmerchant: id('7', 2),
		completedForActiveSubmerchant: id('7', 3),
	},
};

module.exports = { SEED };
