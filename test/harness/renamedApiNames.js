'use strict';
/**
 * A platform that names everything its own way: a name for every chosen name of the package, as the credential's
 * API Names and the sandbox's `apiNames` take them. The statement's period is renamed on its route only, so that
 * the charge filter of the same chosen name keeps another.
 */
const RENAMED_API_NAMES = {
	page: 'pg',
	perPage: 'size',
	status: 'state',
	payment_method: 'method',
	start_date: 'from',
	end_date: 'to',
	search: 'q',
	min_amount: 'amount_gte',
	max_amount: 'amount_lte',
	installments: 'n_installments',
	amount: 'value',
	type: 'address_type',
	title: 'name',
	description: 'details',
	allowed_payment_methods: 'methods',
	currency: 'currency_code',
	expires_at: 'valid_until',
	max_installments: 'installments_max',
	max_uses: 'uses_max',
	metadata: 'extra',
	product_type: 'kind',
	redirect_url: 'return_url',
	submerchant_id: 'seller_id',
	'GET /v1/wallets/{id}/statement start_date': 'since',
	'GET /v1/wallets/{id}/statement end_date': 'until',
	'Idempotency-Key': 'X-Request-Key',
	'POST /v1/payment-links': '/v1/links',
	'GET /v1/payment-links': '/v1/links',
	'GET /v1/postbacks/endpoints': '/v1/hooks',
	'PATCH /v1/postbacks/endpoints/{id}': '/v1/hooks/{id}/change',
	'DELETE /v1/postbacks/endpoints/{id}': '/v1/hooks/{id}/remove',
};

module.exports = { RENAMED_API_NAMES };
