'use strict';
/**
 * The action node's parameters as the editor saves them, for the tests, the case files and the lab's workflows: a
 * resource locator by id, a value given through an expression, and the parameters of the operations many of them run.
 */

/** A resource locator value in "By ID" mode. @param {string} value */
const byId = (value) => ({ __rl: true, mode: 'id', value });

/**
 * A value given through an expression, as it arrives from earlier nodes (n8n's own parameter check stops a literal
 * empty required value or a literal malformed id before the node runs). @param {unknown} value
 */
const expr = (value) => `={{ ${JSON.stringify(value)} }}`;

/** @typedef {import('n8n-workflow').INodeParameters} INodeParameters */

/**
 * Charge → Get of `chargeId` (an id or an expression), with the node's Options when given.
 * @param {string} chargeId
 * @param {INodeParameters} [options]
 * @returns {INodeParameters}
 */
const chargeGet = (chargeId, options) => ({
	resource: 'charge',
	operation: 'get',
	chargeId: byId(chargeId),
	...(options === undefined ? {} : { options }),
});

/**
 * Payment Link → Create of a R$ 49,90 "Camiseta Lua", with `parameters` changed or added.
 * @param {INodeParameters} [parameters]
 * @returns {INodeParameters}
 */
const createLink = (parameters = {}) => ({
	resource: 'paymentLink',
	operation: 'create',
	title: 'Camiseta Lua',
	amount: 4990,
	...parameters,
});

module.exports = { byId, chargeGet, createLink, expr };
