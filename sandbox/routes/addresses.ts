/**
 * POST /v1/submerchants/{id}/addresses and PATCH /v1/submerchants/{id}/addresses/{addressId}.
 * The address type travels in the body field chosen in chosenNames.ts (`type`); it defaults to `billing`.
 */
import { ADDRESS_TYPES, LIMITS } from '../../nodes/PaymentPlatform/shared/apiValues';
import { ADDRESS_TYPE_BODY_FIELD } from '../../nodes/PaymentPlatform/transport/chosenNames';
import { notFound } from '../errors';
import type { Router, RouteContext, RouteResult } from '../router';
import { newId, nowIso, type Store } from '../store';
import type { Address } from '../types';
import { BodyRules, pathUuid } from '../validation';
import { assignDefined, jsonBody, ownSubmerchantFromPath } from './helpers';

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

const maxOf = (limit: { max?: number; exact?: number }) => ({ max: limit.max ?? limit.exact });

/** Only one primary address per submerchant: a new primary one demotes the others. */
function demoteOtherPrimaries(store: Store, address: Address): void {
	if (!address.is_primary) return;
	for (const other of store.addressesOf(address.submerchant_id)) {
		if (other.id !== address.id) other.is_primary = false;
	}
}

function create(ctx: RouteContext): RouteResult {
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
	const address: Address = {
		id: newId(),
		submerchant_id: submerchant.id,
		type: type ?? 'billing',
		street: street as string,
		number: number as string,
		complement: complement ?? null,
		neighborhood: neighborhood as string,
		city: city as string,
		state: state as string,
		zip_code: zipCode as string,
		country: country as string,
		is_primary: isPrimary ?? false,
		created_at: nowIso(),
	};
	ctx.app.store.addresses.set(address.id, address);
	demoteOtherPrimaries(ctx.app.store, address);
	return { status: 201, message: 'Address created', data: address };
}

function update(ctx: RouteContext): RouteResult {
	const submerchant = ownSubmerchantFromPath(ctx);
	const address = ctx.app.store.addresses.get(pathUuid(ctx.params, 'addressId'));
	if (!address || address.submerchant_id !== submerchant.id) throw notFound('Address');
	const rules = new BodyRules(jsonBody(ctx));
	rules.onlyFields(ADDRESS_FIELDS);
	const changes: Partial<Address> = {
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

export function registerAddressRoutes(router: Router): void {
	router
		.add('POST', '/v1/submerchants/:id/addresses', create)
		.add('PATCH', '/v1/submerchants/:id/addresses/:addressId', update);
}
