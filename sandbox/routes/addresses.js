'use strict';
/**
 * POST /v1/submerchants/{id}/addresses and PATCH /v1/submerchants/{id}/addresses/{addressId}.
 * The address type travels in the body field chosen in chosenNames.ts (`type`); it defaults to `billing`.
 */
const { ADDRESS_TYPES, LIMITS } = require('../fromPackage');
const { ADDRESS_TYPE_BODY_FIELD } = require('../fromPackage');
const { notFound } = require('../errors');
const { newId, nowIso } = require('../store');
const { BodyRules, pathUuid } = require('../validation');
const { assignDefined, jsonBody, ownSubmerchantFromPath } = require('./helpers');

const A = LIMITS.address;

const ADDRESS_FIELDS = [
	'street',
	'number',
	'complement',
	'neighborhood',
	'city',
	'state',
	'zip_code',
	'country',
	'is_primary',
	ADDRESS_TYPE_BODY_FIELD,
];

const maxOf = (limit) => ({ max: limit.max ?? limit.exact });

/** Only one primary address per submerchant: a new primary one demotes the others. */
function demoteOtherPrimaries(store, address) {
	if (!address.is_primary) return;
	for (const other of store.addressesOf(address.submerchant_id)) {
		if (other.id !== address.id) other.is_primary = false;
	}
}

function create(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const rules = new BodyRules(jsonBody(ctx));
	rules.onlyFields(ADDRESS_FIELDS);
	const street = rules.string('street', { required: true, length: A.street });
	const number = rules.string('number', { required: true, length: A.number });
	const neighborhood = rules.string('neighborhood', { required: true, length: A.neighborhood });
	const city = rules.string('city', { required: true, length: A.city });
	const state = rules.string('state', { required: true, length: A.state });
	const zipCode = rules.string('zip_code', { required: true, length: A.zipCode });
	const complement = rules.string('complement', { length: A.complement });
	const country = rules.string('country', { required: true, length: A.country });
	const isPrimary = rules.boolean('is_primary');
	const type = rules.string(ADDRESS_TYPE_BODY_FIELD, { oneOf: ADDRESS_TYPES });
	rules.issues.throwIfAny();
	const address = {
		id: newId(),
		submerchant_id: submerchant.id,
		type: type ?? 'billing',
		street: street,
		number: number,
		complement: complement ?? null,
		neighborhood: neighborhood,
		city: city,
		state: state,
		zip_code: zipCode,
		country: country,
		is_primary: isPrimary ?? false,
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
	const rules = new BodyRules(jsonBody(ctx));
	rules.onlyFields(ADDRESS_FIELDS);
	const changes = {
		street: rules.string('street', { length: maxOf(A.street) }),
		number: rules.string('number', { length: maxOf(A.number) }),
		complement: rules.string('complement', { length: maxOf(A.complement) }),
		neighborhood: rules.string('neighborhood', { length: maxOf(A.neighborhood) }),
		city: rules.string('city', { length: maxOf(A.city) }),
		state: rules.string('state', { length: maxOf(A.state) }),
		zip_code: rules.string('zip_code', { length: maxOf(A.zipCode) }),
		country: rules.string('country', { length: maxOf(A.country) }),
		is_primary: rules.boolean('is_primary'),
		type: rules.string(ADDRESS_TYPE_BODY_FIELD, { oneOf: ADDRESS_TYPES }),
	};
	rules.issues.throwIfAny();
	assignDefined(address, changes);
	demoteOtherPrimaries(ctx.app.store, address);
	return { message: 'Address updated' };
}

function registerAddressRoutes(router) {
	router
		.add('POST', '/v1/submerchants/:id/addresses', create)
		.add('PATCH', '/v1/submerchants/:id/addresses/:addressId', update);
}

module.exports = { registerAddressRoutes };
