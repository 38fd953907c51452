'use strict';
/**
 * POST /v1/submerchants/{id}/addresses and PATCH /v1/submerchants/{id}/addresses/{addressId}.
 * The address type travels in the body field named in api/names.js (`type`); it defaults to `billing`.
 */
const { ADDRESS_TYPE_BODY_FIELD } = require('../api/names');
const { pathUuid } = require('../api/issues');
const { addressCreate, addressUpdate } = require('../api/schemas');
const { notFound } = require('../errors');
const { newId, nowIso } = require('../store');
const { assignDefined, ownSubmerchantFromPath, route } = require('./helpers');

/** Only one primary address per submerchant: a new primary one demotes the others. */
function demoteOtherPrimaries(store, address) {
	if (!address.is_primary) return;
	for (const other of store.addressesOf(address.submerchant_id)) {
		if (other.id !== address.id) other.is_primary = false;
	}
}

function create(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const body = ctx.input('body');
	const address = {
		id: newId(),
		submerchant_id: submerchant.id,
		type: body[ADDRESS_TYPE_BODY_FIELD] ?? 'billing',
		street: body.street,
		number: body.number,
		complement: body.complement ?? null,
		neighborhood: body.neighborhood,
		city: body.city,
		state: body.state,
		zip_code: body.zip_code,
		country: body.country,
		is_primary: body.is_primary ?? false,
		created_at: nowIso(),
	};
	ctx.app.store.addresses.set(address.id, address);
	demoteOtherPrimaries(ctx.app.store, address);
	return { status: 201, message: 'Address created', data: address };
}

function update(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const address = ctx.app.store.addresses.get(pathUuid(ctx.params, 'addressId'));
	if (!address || address.submerchant_id !== submerchant.id) throw notFound('Address');
	const { [ADDRESS_TYPE_BODY_FIELD]: type, ...fields } = ctx.input('body');
	assignDefined(address, { ...fields, type });
	demoteOtherPrimaries(ctx.app.store, address);
	return { message: 'Address updated' };
}

/** This module's routes (routes/index.js lists them). @type {import('./index').Route[]} */
const ROUTES = [
	route('POST', '/v1/submerchants/:id/addresses', create, { body: addressCreate }),
	route('PATCH', '/v1/submerchants/:id/addresses/:addressId', update, { body: addressUpdate }),
];

module.exports = { ROUTES };
