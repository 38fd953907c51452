'use strict';
/**
 * The operations of the Payment Platform node (every one of the registry), each run once in a real n8n against the sandbox, in this order
 * (later cases rely on the state earlier ones leave: a document before the submission for review). Each case names
 * the parameters, optional nodes before the action node, and what it expects: the node's output and the one
 * request the sandbox recorded.
 *
 * Over 300 lines because it is the table of the cases (and the invalid and expression ones), read case by case.
 */
const assert = require('node:assert/strict');
const { SEED } = require('../../sandbox/seedIds');
const { ROOT } = require('./packageInfo');
const { actionNode, base64ToFileNode, setNode } = require('./workflows');

const S = SEED.submerchants;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const byId = (value) => ({ __rl: true, mode: 'id', value });

/** A 1x1 PNG. */
const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The one request the sandbox recorded, with the expected method and path. */
function onlyRequest(requests, method, path) {
	assert.equal(
		requests.length,
		1,
		`expected 1 request to the sandbox, got ${requests.length}: ${requests.map((r) => `${r.method} ${r.path}`).join(', ')}`,
	);
	const [request] = requests;
	assert.equal(`${request.method} ${request.path}`, `${method} ${path}`);
	assert.ok(request.status >= 200 && request.status < 300, `sandbox answered ${request.status}`);
	return request;
}

const ids = (items) => items.map((item) => item.id).sort();

/**
 * @typedef {object} OperationCase
 * @property {string} resource
 * @property {string} operation
 * @property {object} parameters
 * @property {object[]} [before]
 * @property {(items: object[], requests: object[], ctx: { admin: import('./sandboxAdmin').SandboxAdmin }) => Promise<void> | void} expect
 */

/** @type {OperationCase[]} */
/** The billing address the address operations send (the invalid case changes its zip code). */
const ADDRESS = {
	street: 'Rua Augusta',
	number: '1500',
	neighborhood: 'Consolacao',
	city: 'Sao Paulo',
	state: 'SP',
	zipCode: '01304-001',
	country: 'BR',
};

const OPERATION_CASES = [
	{
		resource: 'submerchant',
		operation: 'getAll',
		parameters: { returnAll: true, filters: { status: 'pending' } },
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', '/v1/submerchants');
			assert.deepEqual(request.query, { status: 'pending', page: '1', perPage: '100' });
			assert.deepEqual(
				ids(items),
				[
					S.pfReadyForReview,
					S.pfMissingMotherName,
					S.pjWithLegalRepresentative,
					S.pjWithoutLegalRepresentative,
				].sort(),
			);
			assert.ok(items.every((item) => item.status === 'pending'));
		},
	},
	{
		resource: 'submerchant',
		operation: 'get',
		parameters: { submerchantId: byId(S.active) },
		expect(items, requests) {
			onlyRequest(requests, 'GET', `/v1/submerchants/${S.active}`);
			assert.equal(items.length, 1);
			assert.partialDeepStrictEqual(items[0], {
				id: S.active,
				entity_type: 'pj',
				trade_name: 'Estrela Modas',
				status: 'active',
				mcc: '5651',
				product_categories: ['clothing', 'accessories'],
			});
		},
	},
	{
		resource: 'submerchant',
		operation: 'update',
		parameters: {
			submerchantId: byId(S.pfReadyForReview),
			updateFields: {
				tradeName: 'Ana Souza Atelier e Costura',
				softDescriptor: 'ANA ATELIER',
				averageTicket: 150.5,
			},
		},
		expect(items, requests) {
			const request = onlyRequest(requests, 'PATCH', `/v1/submerchants/${S.pfReadyForReview}`);
			assert.deepEqual(request.body, {
				trade_name: 'Ana Souza Atelier e Costura',
				soft_descriptor: 'ANA ATELIER',
				average_ticket: 150.5,
			});
			assert.partialDeepStrictEqual(items[0], {
				id: S.pfReadyForReview,
				trade_name: 'Ana Souza Atelier e Costura',
				soft_descriptor: 'ANA ATELIER',
				mother_name: 'Maria Souza',
			});
		},
	},
	{
		resource: 'submerchantAddress',
		operation: 'create',
		parameters: {
			submerchantId: byId(S.pfReadyForReview),
			...ADDRESS,
			additionalFields: { addressType: 'billing', complement: 'Loja 3', isPrimary: true },
		},
		expect(items, requests) {
			const request = onlyRequest(
				requests,
				'POST',
				`/v1/submerchants/${S.pfReadyForReview}/addresses`,
			);
			assert.deepEqual(request.body, {
				street: 'Rua Augusta',
				number: '1500',
				neighborhood: 'Consolacao',
				city: 'Sao Paulo',
				state: 'SP',
				zip_code: '01304-001',
				country: 'BR',
				type: 'billing',
				complement: 'Loja 3',
				is_primary: true,
			});
			assert.match(items[0].id, UUID);
			assert.partialDeepStrictEqual(items[0], {
				submerchant_id: S.pfReadyForReview,
				type: 'billing',
				zip_code: '01304-001',
				is_primary: true,
			});
		},
	},
	{
		resource: 'submerchantAddress',
		operation: 'update',
		parameters: {
			submerchantId: byId(S.active),
			addressId: SEED.addresses.activeBilling,
			updateFields: { city: 'Campinas', zipCode: '13010-000' },
		},
		expect(items, requests) {
			const request = onlyRequest(
				requests,
				'PATCH',
				`/v1/submerchants/${S.active}/addresses/${SEED.addresses.activeBilling}`,
			);
			assert.deepEqual(request.body, { city: 'Campinas', zip_code: '13010-000' });
			assert.deepEqual(items, [{ success: true, message: 'Address updated' }]);
		},
	},
	{
		resource: 'submerchantDocument',
		operation: 'create',
		parameters: {
			submerchantId: byId(S.pfReadyForReview),
			documentType: 'front_id',
			fileSource: 'url',
			fileUrl: 'https://files.example.com/ana/front.png',
			fileName: 'front.png',
			fileSize: 2048,
			mimeType: 'image/png',
		},
		expect(items, requests) {
			const request = onlyRequest(
				requests,
				'POST',
				`/v1/submerchants/${S.pfReadyForReview}/documents`,
			);
			assert.deepEqual(request.body, {
				type: 'front_id',
				file_url: 'https://files.example.com/ana/front.png',
				file_name: 'front.png',
				file_size: 2048,
				mime_type: 'image/png',
			});
			assert.match(items[0].id, UUID);
			assert.partialDeepStrictEqual(items[0], {
				submerchant_id: S.pfReadyForReview,
				type: 'front_id',
				status: 'pending',
			});
		},
	},
	{
		resource: 'submerchantDocument',
		operation: 'getAll',
		parameters: { submerchantId: byId(S.active), returnAll: true },
		expect(items, requests) {
			onlyRequest(requests, 'GET', `/v1/submerchants/${S.active}/documents`);
			assert.deepEqual(
				ids(items),
				[SEED.documents.activeSocialContract, SEED.documents.activePartnerFrontId].sort(),
			);
		},
	},
	{
		resource: 'submerchant',
		operation: 'submitForReview',
		parameters: { submerchantId: byId(S.pfReadyForReview) },
		expect(items, requests) {
			onlyRequest(requests, 'POST', `/v1/submerchants/${S.pfReadyForReview}/submit-for-review`);
			assert.equal(items.length, 1);
			assert.equal(items[0].success, true);
			assert.equal(typeof items[0].message, 'string');
		},
	},
	{
		resource: 'charge',
		operation: 'create',
		parameters: {
			paymentMethod: 'credit_card',
			amount: 25990,
			paymentDetails: {
				number: '4111111111111111',
				holderName: 'MARIA S SILVA',
				expirationMonth: '08',
				expirationYear: '2030',
				cvv: '123',
				installments: 3,
			},
			customer: {
				details: { name: 'Maria Silva', email: 'maria@example.com', tax_id: '39053344705' },
			},
			items: { item: [{ name: 'Camiseta', quantity: 2, unit_price: 12995, tangible: true }] },
			additionalFields: { submerchant_id: S.active, metadata: '{"order_id": "E2E-1"}' },
		},
		expect(items, requests) {
			const request = onlyRequest(requests, 'POST', '/v1/charges');
			// The sandbox records card data masked.
			assert.partialDeepStrictEqual(request.body, {
				amount: 25990,
				payment_method: 'credit_card',
				payment_details: {
					number: '************1111',
					holder_name: 'MARIA S SILVA',
					expiration_month: '08',
					expiration_year: '2030',
					cvv: '[REDACTED]',
					installments: 3,
				},
				customer: { name: 'Maria Silva', email: 'maria@example.com', tax_id: '39053344705' },
				items: [{ name: 'Camiseta', quantity: 2, unit_price: 12995, tangible: true }],
				submerchant_id: S.active,
				metadata: { order_id: 'E2E-1' },
			});
			assert.match(items[0].id, UUID);
			assert.partialDeepStrictEqual(items[0], {
				amount: 25990,
				currency: 'BRL',
				payment_method: 'credit_card',
				status: 'pending',
				installments: 3,
				card: { last_four: '1111', holder_name: 'MARIA S SILVA' },
			});
			assert.ok(!JSON.stringify(items[0]).includes('4111111111111111'), 'card number in output');
		},
	},
	{
		resource: 'charge',
		operation: 'get',
		parameters: { chargeId: byId(SEED.charges.captured) },
		expect(items, requests) {
			onlyRequest(requests, 'GET', `/v1/charges/${SEED.charges.captured}`);
			assert.partialDeepStrictEqual(items[0], {
				id: SEED.charges.captured,
				status: 'captured',
				amount: 90000,
				payment_method: 'credit_card',
				installments: 3,
				metadata: { order_id: 'ORD-1003' },
			});
		},
	},
	{
		resource: 'charge',
		operation: 'getAll',
		parameters: { returnAll: true, filters: { paymentMethod: 'boleto' } },
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', '/v1/charges');
			assert.deepEqual(request.query, { payment_method: 'boleto', page: '1', perPage: '100' });
			assert.deepEqual(ids(items), [SEED.charges.failed, SEED.charges.expired].sort());
		},
	},
	{
		resource: 'paymentLink',
		operation: 'get',
		parameters: { paymentLinkId: SEED.paymentLinkId },
		expect(items, requests) {
			onlyRequest(requests, 'GET', `/v1/payment-links/${SEED.paymentLinkId}`);
			assert.partialDeepStrictEqual(items[0], {
				id: SEED.paymentLinkId,
				title: 'Camiseta Estrela',
				amount: 7990,
				max_installments: 6,
				status: 'active',
			});
		},
	},
	{
		resource: 'paymentLink',
		operation: 'create',
		parameters: {
			title: 'Caneca E2E',
			amount: 3500,
			additionalFields: { allowed_payment_methods: ['pix'], max_uses: 5 },
		},
		async expect(items, requests) {
			const request = onlyRequest(requests, 'POST', '/v1/payment-links');
			assert.deepEqual(request.body, {
				title: 'Caneca E2E',
				amount: 3500,
				allowed_payment_methods: ['pix'],
				max_uses: 5,
			});
			assert.match(items[0].id, UUID);
			assert.partialDeepStrictEqual(items[0], { title: 'Caneca E2E', status: 'active' });
		},
	},
	{
		resource: 'paymentLink',
		operation: 'getAll',
		parameters: { returnAll: true },
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', '/v1/payment-links');
			assert.deepEqual(request.query, { page: '1', perPage: '100' });
			assert.deepEqual(
				items.map((link) => link.title),
				['Caneca E2E', 'Camiseta Estrela'],
			);
		},
	},
	{
		resource: 'paymentLink',
		operation: 'uploadCover',
		parameters: { paymentLinkId: SEED.paymentLinkId, binaryPropertyName: 'data' },
		before: [
			setNode('Image As Base64', { image: PNG_BASE64 }),
			base64ToFileNode('Image File', 'image', 'cover.png', 'image/png'),
		],
		async expect(items, requests) {
			const request = onlyRequest(
				requests,
				'POST',
				`/v1/payment-links/${SEED.paymentLinkId}/upload-cover`,
			);
			assert.equal(request.parts.length, 1);
			const [part] = request.parts;
			assert.partialDeepStrictEqual(part, {
				name: 'file',
				filename: 'cover.png',
				contentType: 'image/png',
			});
			assert.equal(part.data_base64, PNG_BASE64, 'uploaded bytes differ from the input file');
			assert.equal(items[0].id, SEED.paymentLinkId);
			assert.match(items[0].cover_image_url, /\/__admin\/uploads\/[0-9a-f-]{36}$/);
			// The sandbox serves the uploaded bytes back.
			const response = await fetch(items[0].cover_image_url);
			assert.equal(Buffer.from(await response.arrayBuffer()).toString('base64'), PNG_BASE64);
		},
	},
	{
		resource: 'receivable',
		operation: 'get',
		parameters: { receivableId: SEED.receivables.capturedInstallment1 },
		expect(items, requests) {
			onlyRequest(requests, 'GET', `/v1/receivables/${SEED.receivables.capturedInstallment1}`);
			assert.partialDeepStrictEqual(items[0], {
				id: SEED.receivables.capturedInstallment1,
				charge_id: SEED.charges.captured,
				gross_amount: 30000,
				fee_amount: 900,
				net_amount: 29100,
				installment: 1,
				status: 'pending',
			});
		},
	},
	{
		resource: 'anticipation',
		operation: 'create',
		parameters: {
			receivableIds: `${SEED.receivables.capturedInstallment2}, ${SEED.receivables.capturedInstallment3}`,
			additionalFields: { metadata: '{"reason": "e2e"}' },
		},
		expect(items, requests) {
			const request = onlyRequest(requests, 'POST', '/v1/anticipations');
			assert.deepEqual(request.body, {
				receivable_ids: [
					SEED.receivables.capturedInstallment2,
					SEED.receivables.capturedInstallment3,
				],
				metadata: { reason: 'e2e' },
			});
			// Gross = the receivables' net amounts (2 x 29,100); fee 2.5%.
			assert.partialDeepStrictEqual(items[0], {
				status: 'pending',
				total_gross_amount: 58200,
				total_fee_amount: 1455,
				total_net_amount: 56745,
			});
		},
	},
	{
		resource: 'anticipation',
		operation: 'cancel',
		parameters: { anticipationId: SEED.anticipationId },
		expect(items, requests) {
			onlyRequest(requests, 'DELETE', `/v1/anticipations/${SEED.anticipationId}`);
			assert.equal(items.length, 1);
			assert.equal(items[0].success, true);
		},
	},
	{
		resource: 'wallet',
		operation: 'get',
		parameters: { walletId: SEED.walletId },
		expect(items, requests) {
			onlyRequest(requests, 'GET', `/v1/wallets/${SEED.walletId}`);
			// 50,000 + 29,100 - 20,000 + 4,900 - 12,000
			assert.partialDeepStrictEqual(items[0], {
				id: SEED.walletId,
				balance: 52000,
				currency_code: 'BRL',
				wallet_type: 'available',
			});
		},
	},
	{
		resource: 'wallet',
		operation: 'getStatement',
		parameters: {
			walletId: SEED.walletId,
			filters: { startDate: '2025-02-01T00:00:00', endDate: '2025-02-28T23:59:59' },
		},
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', `/v1/wallets/${SEED.walletId}/statement`);
			assert.match(String(request.query.start_date), /^2025-02-01T/);
			assert.match(String(request.query.end_date), /^2025-0[23]-/);
			assert.equal(items.length, 1);
			assert.deepEqual(
				items[0].entries.map((entry) => entry.id),
				[SEED.walletEntries[1], SEED.walletEntries[2]],
			);
			assert.equal(typeof items[0].summary.closing_balance, 'number');
		},
	},
	{
		resource: 'withdrawal',
		operation: 'getSummary',
		parameters: { submerchantId: S.active },
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', '/v1/withdrawals/summary');
			assert.deepEqual(request.query, { submerchant_id: S.active });
			assert.partialDeepStrictEqual(items[0], {
				available_balance: 42000,
				pending_count: 1,
				total_withdrawals: 23000,
				total_completed: 8000,
			});
		},
	},
	{
		resource: 'withdrawal',
		operation: 'getFee',
		parameters: { amount: 10000 },
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', '/v1/withdrawals/fee');
			assert.deepEqual(request.query, { amount: '10000' });
			assert.deepEqual(items[0], { fee: 367, fee_type: 'fixed' });
		},
	},
	{
		resource: 'webhookEndpoint',
		operation: 'create',
		parameters: {
			url: 'https://hooks.example.com/payments',
			events: ['charge.captured', 'charge.refunded'],
		},
		async expect(items, requests, { admin }) {
			const request = onlyRequest(requests, 'POST', '/v1/postbacks/endpoints');
			assert.deepEqual(request.body, {
				url: 'https://hooks.example.com/payments',
				events: ['charge.captured', 'charge.refunded'],
			});
			assert.match(items[0].secret, /^whsec_[0-9a-f]{64}$/);
			assert.equal(items[0].status, 'active');
			const endpoints = await admin.webhookEndpoints();
			assert.ok(
				endpoints.some(
					(e) => e.id === items[0].id && e.url === 'https://hooks.example.com/payments',
				),
				'the endpoint is not registered in the sandbox',
			);
		},
	},
	{
		resource: 'webhookEndpoint',
		operation: 'getAll',
		parameters: { returnAll: true },
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', '/v1/postbacks/endpoints');
			assert.deepEqual(request.query, { page: '1', perPage: '100' });
			assert.ok(
				items.some((e) => e.url === 'https://hooks.example.com/payments'),
				'the endpoint created above is not listed',
			);
			assert.ok(
				items.every((e) => e.secret === undefined),
				'a listed endpoint shows its secret',
			);
		},
	},
	{
		// As docs/trigger.md tells users to remove a stale endpoint: list them, then delete by the listed id.
		resource: 'webhookEndpoint',
		operation: 'delete',
		parameters: { webhookEndpointId: '={{ $json.id }}' },
		before: [
			actionNode('List Endpoints', { resource: 'webhookEndpoint', operation: 'getAll', limit: 1 }),
		],
		async expect(items, requests, { admin }) {
			assert.deepEqual(
				requests.map((r) => `${r.method} ${r.path} ${r.status}`),
				['GET /v1/postbacks/endpoints 200', `DELETE /v1/postbacks/endpoints/${items[0].id} 200`],
			);
			assert.equal(items[0].deleted, true);
			const endpoints = await admin.webhookEndpoints();
			assert.ok(!endpoints.some((e) => e.id === items[0].id), 'the endpoint is still registered');
		},
	},
];

/**
 * Invalid inputs: the execution must fail naming the field, before any request is sent. The first is caught by the
 * node itself; the second by n8n's own parameter check (the locator's regex), before the node runs.
 */
const INVALID_CASES = [
	{
		title: 'invalid input: a 4-character zip code fails the execution naming zip_code',
		resource: 'submerchantAddress',
		operation: 'create',
		parameters: {
			submerchantId: byId(S.pfReadyForReview),
			...ADDRESS,
			zipCode: '0130',
		},
		expectedMessage: /^zip_code must be 8 to 10 characters/,
	},
	{
		title:
			'invalid input: a charge ID that is not a UUID is stopped by the locator check, naming the charge ID',
		resource: 'charge',
		operation: 'get',
		parameters: { chargeId: byId('ch_123') },
		expectedMessage: /Not a valid charge ID \(UUID\)/,
		failsEditorCheck: true,
	},
];

/**
 * What a sheet or CRM row hands over through expressions: a Set node gives numbers and empty strings, the action
 * node reads them with `{{ $json.… }}`, and the sandbox must receive the reference's types and no empty filter.
 */
const EXPRESSION_CASES = [
	{
		title:
			'expressions: numbers from a Set node are sent as text, "true" as a boolean, "" left out',
		resource: 'submerchantAddress',
		operation: 'create',
		before: [
			setNode('Sheet Row', {
				zip: 13101000,
				number: 1500,
				state: 'SP',
				complement: '',
				primary: 'true',
			}),
		],
		parameters: {
			submerchantId: byId(S.active),
			street: 'Rua Augusta',
			number: '={{ $json.number }}',
			neighborhood: 'Consolacao',
			city: 'Sao Paulo',
			state: '={{ $json.state }}',
			zipCode: '={{ $json.zip }}',
			country: 'BR',
			additionalFields: {
				complement: '={{ $json.complement }}',
				isPrimary: '={{ $json.primary }}',
			},
		},
		expect(items, requests) {
			const request = onlyRequest(requests, 'POST', `/v1/submerchants/${S.active}/addresses`);
			assert.deepEqual(request.body, {
				street: 'Rua Augusta',
				number: '1500',
				neighborhood: 'Consolacao',
				city: 'Sao Paulo',
				state: 'SP',
				zip_code: '13101000',
				country: 'BR',
				is_primary: true,
			});
		},
	},
	{
		title: 'expressions: an MCC and a phone given as numbers are sent as text',
		resource: 'submerchant',
		operation: 'update',
		before: [setNode('CRM Record', { mcc: 5411, phone: 11999998888, website: '' })],
		parameters: {
			submerchantId: byId(S.active),
			updateFields: {
				mcc: '={{ $json.mcc }}',
				phone: '={{ $json.phone }}',
				website: '={{ $json.website }}',
			},
		},
		expect(items, requests) {
			const request = onlyRequest(requests, 'PATCH', `/v1/submerchants/${S.active}`);
			assert.deepEqual(request.body, { mcc: '5411', phone: '11999998888' });
		},
	},
	{
		title: 'expressions: an empty status filter is left out, a numeric minimum amount is sent',
		resource: 'charge',
		operation: 'getAll',
		before: [setNode('Form Answer', { status: '', method: '', min: 500 })],
		parameters: {
			returnAll: false,
			limit: 5,
			filters: {
				status: '={{ $json.status }}',
				paymentMethod: '={{ $json.method }}',
				minAmount: '={{ $json.min }}',
			},
		},
		expect(items, requests) {
			const request = onlyRequest(requests, 'GET', '/v1/charges');
			assert.deepEqual(request.query, { min_amount: '500', page: '1', perPage: '5' });
		},
	},
];

/**
 * The operations of the node's registry (`resource.operation`), read from the built package: the suite's count
 * comes from there, not from a typed number.
 */
function registryOperations() {
	const path = require('path');
	const built = path.join(ROOT, 'dist/nodes/PaymentPlatform/actions/operations.js');
	return /** @type {{ operationNames(): string[] }} */ (require(built)).operationNames();
}

module.exports = {
	EXPRESSION_CASES,
	INVALID_CASES,
	OPERATION_CASES,
	PNG_BASE64,
	registryOperations,
};
