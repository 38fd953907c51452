'use strict';
/** Payment Link → Get Many: Return All reads every page, one item per link. */
const assert = require('node:assert/strict');

/** @type {import('..').CaseFile} */
module.exports = {
	after: ['paymentLink.create'],
	parameters: { returnAll: true, simplify: false },
	request: { method: 'GET', path: '/v1/payment-links', query: { page: '1', perPage: '100' } },
	output: { count: 2 },
	check(items) {
		assert.deepEqual(
			items.map((link) => link.title),
			['Camiseta Lua', 'Camiseta Estrela'],
		);
	},
};
