'use strict';
/** Values the case files share. */
const { SEED } = require('../../sandbox/seedIds');
const { byId, expr } = require('../harness/parameters');

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A valid address as the node's parameters of Submerchant Address → Create. */
const ADDRESS = {
	street: 'Rua Augusta',
	number: '1500',
	neighborhood: 'Consolacao',
	city: 'Sao Paulo',
	state: 'SP',
	zipCode: '01304-001',
	country: 'BR',
};
/** ADDRESS as the API receives it. */
const ADDRESS_SENT = {
	street: 'Rua Augusta',
	number: '1500',
	neighborhood: 'Consolacao',
	city: 'Sao Paulo',
	state: 'SP',
	zip_code: '01304-001',
	country: 'BR',
};

/** A text of `length` characters. @param {number} length @param {string} [char] */
const repeat = (length, char = 'a') => char.repeat(length);

/** A 1x1 PNG. */
const PNG_BASE64 =
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

/** The ids of a list's items, sorted. @param {Array<{ id: string }>} items */
const idsOf = (items) => items.map((item) => item.id).sort();

module.exports = { ADDRESS, ADDRESS_SENT, PNG_BASE64, SEED, UUID, byId, expr, idsOf, repeat };
