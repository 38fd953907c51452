'use strict';
/**
 * What Simplify must keep of a record read (an expectation, written apart from nodes/PaymentPlatform's Simplify): the
 * unit tests and the AI Agent suite check the node's output against it.
 */
const SIMPLE_CHARGE_FIELDS = [
	'id',
	'status',
	'amount',
	'currency',
	'payment_method',
	'installments',
	'customer_name',
	'customer_email',
	'created_at',
	'updated_at',
];
const SIMPLE_SUBMERCHANT_FIELDS = [
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
];

module.exports = { SIMPLE_CHARGE_FIELDS, SIMPLE_SUBMERCHANT_FIELDS };
