'use strict';
/**
 * ISO 8601 dates as the list filters read them: a date or a date-time, with or without an offset (UTC when none),
 * and only real calendar days and times (2025-02-30 and 25:00 are refused).
 */

const ISO_TIMESTAMP =
	/^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * @typedef {object} Instant
 * @property {number} ms Milliseconds since the epoch.
 * @property {boolean} dateOnly The text named a day, not a time.
 */

/** @param {number} year @param {number} month 1..12 @param {number} day */
function isCalendarDate(year, month, day) {
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
	return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

/**
 * @param {string} value
 * @returns {Instant | undefined} undefined when the text is not an ISO 8601 date or date-time, or names an impossible one.
 */
function parseIsoTimestamp(value) {
	const match = ISO_TIMESTAMP.exec(value);
	if (!match) return undefined;
	const [, y, mo, d, h, mi, s, fraction, zone] = match;
	const [year, month, day] = [Number(y), Number(mo), Number(d)];
	if (!isCalendarDate(year, month, day)) return undefined;
	const [hour, minute, second] = [Number(h ?? 0), Number(mi ?? 0), Number(s ?? 0)];
	if (hour > 23 || minute > 59 || second > 59) return undefined;
	const millis = fraction ? Number(fraction.slice(0, 3).padEnd(3, '0')) : 0;
	let ms = Date.UTC(year, month - 1, day, hour, minute, second, millis);
	if (zone && zone !== 'Z') {
		const sign = zone.startsWith('-') ? -1 : 1;
		const digits = zone.slice(1).replace(':', '');
		const [offsetHours, offsetMinutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2, 4))];
		if (offsetHours > 23 || offsetMinutes > 59) return undefined;
		ms -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
	}
	return { ms, dateOnly: h === undefined };
}

/**
 * Inclusive range test for a start/end filter pair; a bare end date covers that whole day.
 * @param {string} timestamp
 * @param {Instant | undefined} start
 * @param {Instant | undefined} end
 */
function inDateRange(timestamp, start, end) {
	const ms = Date.parse(timestamp);
	if (start && ms < start.ms) return false;
	if (end && ms >= end.ms + (end.dateOnly ? 86_400_000 : 1)) return false;
	return true;
}

module.exports = { parseIsoTimestamp, inDateRange };
