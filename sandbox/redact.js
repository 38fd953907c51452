'use strict';
/**
 * What the sandbox must never keep: card numbers and CVVs. Recorded requests keep a copy of each body with
 * `payment_details.number` masked to its last four digits and every `cvv` replaced.
 */
const { isPlainObject } = require('./api/rules');

const REDACTED = '[REDACTED]';

function maskCardNumber(value) {
	if (typeof value !== 'string') return REDACTED;
	const digits = value.replace(/\D/g, '');
	return digits.length >= 4
		? `${'*'.repeat(Math.max(digits.length - 4, 0))}${digits.slice(-4)}`
		: REDACTED;
}

/** A deep copy of a JSON value without card numbers and CVVs. */
function redactCardData(value, parentKey = '') {
	if (Array.isArray(value)) return value.map((item) => redactCardData(item, parentKey));
	if (!isPlainObject(value)) return value;
	const copy = {};
	for (const [key, item] of Object.entries(value)) {
		if (key === 'cvv') copy[key] = REDACTED;
		else if (key === 'number' && parentKey === 'payment_details') copy[key] = maskCardNumber(item);
		else copy[key] = redactCardData(item, key);
	}
	return copy;
}

module.exports = { REDACTED, redactCardData };
