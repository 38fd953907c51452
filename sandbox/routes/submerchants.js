'use strict';
/**
 * GET /v1/submerchants, GET|PATCH /v1/submerchants/{id}, POST /v1/submerchants/{id}/submit-for-review.
 */
const { BUSINESS_TYPES, LIMITS, PATTERNS, SUBMERCHANT_STATUSES } = require('../fromPackage');
const { SUBMERCHANT_LIST_QUERY } = require('../fromPackage');
const { conflict } = require('../errors');
const { paginate, readPageRequest } = require('../pagination');
const { compareText, nowIso } = require('../store');

const {
	BodyRules,
	Issues,
	isCalendarDate,
	isPlainObject,
	QueryRules,
	RULES,
} = require('../validation');
const { assignDefined, jsonBody, ownSubmerchantFromPath } = require('./helpers');

/** Fields a PATCH may change (tax_id is rejected as immutable, anything else as unknown). */
const SUBMERCHANT_UPDATE_FIELDS = [
	'trade_name',
	'legal_name',
	'email',
	'phone',
	'website',
	'description',
	'soft_descriptor',
	'birth_date',
	'mother_name',
	'business_type',
	'product_categories',
	'average_ticket',
	'monthly_revenue',
	'mcc',
	'cnaes',
];

function list(ctx) {
	const query = new QueryRules(ctx.query);
	const status = query.oneOf(SUBMERCHANT_LIST_QUERY.status, SUBMERCHANT_STATUSES);
	const page = readPageRequest(query);
	query.issues.throwIfAny();
	const merchantId = ctx.app.store.merchant.id;
	const submerchants = [...ctx.app.store.submerchants.values()]
		.filter((s) => s.parent_merchant_id === merchantId && (!status || s.status === status))
		.sort((a, b) => compareText(b.created_at, a.created_at) || compareText(b.id, a.id));
	return { message: 'Submerchants retrieved', ...paginate(submerchants, page) };
}

function get(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	return {
		message: 'Submerchant retrieved',
		data: { ...submerchant, addresses: ctx.app.store.addressesOf(submerchant.id) },
	};
}

function validateCnaes(rules) {
	const items = rules.array('cnaes');
	if (!items) return undefined;
	const cnaes = [];
	items.forEach((item, index) => {
		const field = `cnaes[${index}]`;
		if (!isPlainObject(item)) {
			rules.fail(field, RULES.object, 'must be an object with code, description and is_primary');
			return;
		}
		const itemRules = rules.nested(field, item);
		itemRules.onlyFields(['code', 'description', 'is_primary']);
		const code = itemRules.string('code', { required: true, length: { min: 1 } });
		const description = itemRules.string('description');
		const isPrimary = itemRules.boolean('is_primary');
		if (code !== undefined)
			cnaes.push({ code, description: description ?? null, is_primary: isPrimary ?? false });
	});
	return cnaes;
}

function validateUpdate(body) {
	const rules = new BodyRules(body);
	const L = LIMITS.submerchant;
	for (const key of Object.keys(body)) {
		if (key === 'tax_id') rules.fail(key, RULES.immutable, 'cannot be changed after creation');
		else if (!SUBMERCHANT_UPDATE_FIELDS.includes(key))
			rules.fail(key, RULES.unknownField, 'is not an allowed field');
	}
	let birthDate = rules.string('birth_date', {
		pattern: PATTERNS.birthDate,
		patternText: 'must be a date in the format YYYY-MM-DD',
	});
	if (birthDate !== undefined) {
		const [year, month, day] = birthDate.split('-').map(Number);
		if (!isCalendarDate(year, month, day)) {
			rules.fail('birth_date', RULES.date, 'must be a real calendar date');
			birthDate = undefined;
		}
	}
	const categories = rules.array('product_categories');
	categories?.forEach((item, index) => {
		if (typeof item !== 'string')
			rules.fail(`product_categories[${index}]`, RULES.string, 'must be a string');
	});
	const money = (field) => {
		const value = rules.number(field, { min: 0 });
		return value === undefined ? undefined : value.toFixed(2);
	};
	const changes = {
		trade_name: rules.string('trade_name', { length: L.tradeName }),
		legal_name: rules.string('legal_name', { length: L.legalName }),
		email: rules.string('email', {
			pattern: PATTERNS.email,
			patternText: 'must be a valid e-mail address',
		}),
		phone: rules.string('phone', { length: L.phone }),
		website: rules.string('website', { length: L.website }),
		description: rules.string('description'),
		soft_descriptor: rules.string('soft_descriptor', { length: L.softDescriptor }),
		birth_date: birthDate,
		mother_name: rules.string('mother_name', { length: L.motherName }),
		business_type: rules.string('business_type', { oneOf: BUSINESS_TYPES }),
		product_categories: categories,
		average_ticket: money('average_ticket'),
		monthly_revenue: money('monthly_revenue'),
		mcc: rules.string('mcc', { pattern: PATTERNS.mcc, patternText: 'must be exactly 4 digits' }),
		cnaes: validateCnaes(rules),
	};
	rules.issues.throwIfAny();
	return changes;
}

function update(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const changes = validateUpdate(jsonBody(ctx));
	assignDefined(submerchant, changes);
	submerchant.updated_at = nowIso();
	return { message: 'Submerchant updated', data: submerchant };
}

function submitForReview(ctx) {
	const submerchant = ownSubmerchantFromPath(ctx);
	const store = ctx.app.store;
	if (submerchant.status !== 'pending') {
		throw conflict(
			`Submerchant status is ${submerchant.status}: only a pending submerchant can be submitted for review`,
		);
	}
	const issues = new Issues();
	if (submerchant.entity_type === 'pj' && store.legalRepresentativesOf(submerchant.id).length === 0)
		issues.add('legal_representative', RULES.required, 'is required for a pj submerchant');
	if (submerchant.entity_type === 'pf') {
		if (!submerchant.birth_date)
			issues.add('birth_date', RULES.required, 'is required for a pf submerchant');
		if (!submerchant.mother_name)
			issues.add('mother_name', RULES.required, 'is required for a pf submerchant');
	}
	if (!store.documentsOf(submerchant.id).some((doc) => doc.status !== 'replaced'))
		issues.add('documents', RULES.minItems, 'must include at least 1 active document');
	issues.throwIfAny();
	const now = nowIso();
	submerchant.status = 'pending_review';
	submerchant.updated_at = now;
	return { message: 'Submerchant submitted for review; the compliance pipeline has started' };
}

function registerSubmerchantRoutes(router) {
	router
		.add('GET', '/v1/submerchants', list)
		.add('GET', '/v1/submerchants/:id', get)
		.add('PATCH', '/v1/submerchants/:id', update)
		.add('POST', '/v1/submerchants/:id/submit-for-review', submitForReview);
}

module.exports = { SUBMERCHANT_UPDATE_FIELDS, registerSubmerchantRoutes };
