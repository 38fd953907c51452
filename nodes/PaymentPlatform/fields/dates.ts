/**
 * Every date field reaches the API as an ISO 8601 date-time in UTC, the reference's <timestamp>. A Date or Luxon
 * DateTime, or text with an offset, keeps its instant; text without one (what the editor's date picker gives) is read
 * in the workflow's time zone; a date alone is a day (a month, a week) there, whose first or last moment the field's
 * rule chooses.
 */

/**
 * A date alone names a period (a day, a month, a week): `start` reads it as its first moment, `end` as its last
 * millisecond (an end filter then covers the whole day, an expiry date ends with that day).
 */
export type DateBound = 'start' | 'end';

const DAY_MS = 86_400_000;

/** The ISO 8601 date forms: calendar, month, ordinal and week dates, extended or basic. */
const DATE_FORMS: Array<{
	regex: RegExp;
	/** Wall clock of the period's start (as if UTC) and of the next period's start; undefined: no such date. */
	period(parts: string[]): [number, number] | undefined;
}> = [
	{
		regex: /^(\d{4})-?(\d{2})-?(\d{2})/,
		period: ([y, m, d]) => {
			const start = Date.UTC(Number(y), Number(m) - 1, Number(d));
			const shown = new Date(start);
			if (shown.getUTCMonth() !== Number(m) - 1 || shown.getUTCDate() !== Number(d))
				return undefined;
			return [start, start + DAY_MS];
		},
	},
	{
		regex: /^(\d{4})-W(\d{2})(?:-?([1-7]))?/i,
		period: ([y, w, d]) => {
			const week = Number(w);
			if (week < 1 || week > weeksInYear(Number(y))) return undefined;
			const monday = isoWeekOneMonday(Number(y)) + (week - 1) * 7 * DAY_MS;
			if (d === undefined) return [monday, monday + 7 * DAY_MS];
			const day = monday + (Number(d) - 1) * DAY_MS;
			return [day, day + DAY_MS];
		},
	},
	{
		regex: /^(\d{4})W(\d{2})([1-7])?/i,
		period: (parts) => DATE_FORMS[1].period(parts),
	},
	{
		regex: /^(\d{4})-?(\d{3})/,
		period: ([y, o]) => {
			const ordinal = Number(o);
			const days = isLeapYear(Number(y)) ? 366 : 365;
			if (ordinal < 1 || ordinal > days) return undefined;
			const start = Date.UTC(Number(y), 0, 1) + (ordinal - 1) * DAY_MS;
			return [start, start + DAY_MS];
		},
	},
	{
		regex: /^(\d{4})-(\d{2})/,
		period: ([y, m]) => {
			const month = Number(m);
			if (month < 1 || month > 12) return undefined;
			return [Date.UTC(Number(y), month - 1, 1), Date.UTC(Number(y), month, 1)];
		},
	},
];

/** hh, hh:mm or hh:mm:ss (extended or basic), a fraction on the last, then Z, ±hh, ±hh:mm or ±hhmm. */
const TIME = /^[T ](\d{2})(?::?(\d{2})(?::?(\d{2}))?)?(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

function isLeapYear(year: number): boolean {
	return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The Monday of ISO week 1: the week with the year's first Thursday. */
function isoWeekOneMonday(year: number): number {
	const january4 = Date.UTC(year, 0, 4);
	const weekday = (new Date(january4).getUTCDay() + 6) % 7;
	return january4 - weekday * DAY_MS;
}

function weeksInYear(year: number): number {
	return (isoWeekOneMonday(year + 1) - isoWeekOneMonday(year)) / (7 * DAY_MS);
}

function parseOffsetMinutes(offset: string): number {
	if (offset.toUpperCase() === 'Z') return 0;
	const sign = offset.startsWith('-') ? -1 : 1;
	const digits = offset.slice(1).replace(':', '');
	return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || 0));
}

/** Milliseconds after the day's start, or undefined; 24:00 is the end of the day. */
function timeOfDay([h, m, sec, fraction]: Array<string | undefined>): number | undefined {
	const hour = Number(h);
	const minute = Number(m ?? 0);
	const second = Number(sec ?? 0);
	if (hour > 24 || minute > 59 || second > 59) return undefined;
	const unit = sec !== undefined ? 1000 : m !== undefined ? 60_000 : 3_600_000;
	const extra = fraction === undefined ? 0 : Math.round(Number(`0.${fraction}`) * unit);
	const ms = ((hour * 60 + minute) * 60 + second) * 1000 + extra;
	if (hour === 24 && ms !== 24 * 3_600_000) return undefined;
	return ms;
}

/**
 * Every ISO 8601 form converts without doubt: a time with an offset is that instant; a time without one is read in
 * the workflow's time zone; a date alone is the start (or, with `end`, the last millisecond) of that period there.
 */
export function toUtcDateTime(
	value: unknown,
	timeZone: string,
	bound: DateBound = 'start',
): string | undefined {
	if (value instanceof Date) return instantToIso(value.getTime());
	if (
		value !== null &&
		typeof value === 'object' &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function'
	) {
		return instantToIso((value as { toMillis: () => number }).toMillis());
	}
	if (typeof value !== 'string') return undefined;
	const text = value.trim();
	for (const form of DATE_FORMS) {
		const match = form.regex.exec(text);
		if (!match) continue;
		const period = form.period(match.slice(1));
		const rest = text.slice(match[0].length);
		if (period === undefined) return undefined;
		if (rest === '') {
			if (bound === 'start') return instantToIso(wallClockToInstant(period[0], timeZone));
			return instantToIso(wallClockToInstant(period[1], timeZone) - 1);
		}
		// A time belongs to a day only.
		if (period[1] - period[0] !== DAY_MS) return undefined;
		const time = TIME.exec(rest);
		if (!time) return undefined;
		const ms = timeOfDay(time.slice(1, 5));
		if (ms === undefined) return undefined;
		const wallClock = period[0] + ms;
		const offset = time[5];
		if (offset === undefined) return instantToIso(wallClockToInstant(wallClock, timeZone));
		const minutes = parseOffsetMinutes(offset);
		if (Math.abs(minutes) >= 24 * 60) return undefined;
		return instantToIso(wallClock - minutes * 60_000);
	}
	return undefined;
}

function instantToIso(instant: number): string | undefined {
	return Number.isFinite(instant) ? new Date(instant).toISOString() : undefined;
}

/** `wallClock` is given as if it were UTC. */
function wallClockToInstant(wallClock: number, timeZone: string): number {
	const first = wallClock - zoneOffsetMs(wallClock, timeZone);
	return wallClock - zoneOffsetMs(first, timeZone);
}

/** 0 for an unknown zone. */
function zoneOffsetMs(instant: number, timeZone: string): number {
	let parts: Intl.DateTimeFormatPart[];
	try {
		parts = new Intl.DateTimeFormat('en-US', {
			timeZone,
			hourCycle: 'h23',
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			second: '2-digit',
		}).formatToParts(new Date(instant));
	} catch {
		return 0;
	}
	const part = (type: Intl.DateTimeFormatPartTypes) =>
		Number(parts.find((p) => p.type === type)?.value ?? 0);
	const shown = Date.UTC(
		part('year'),
		part('month') - 1,
		part('day'),
		part('hour'),
		part('minute'),
		part('second'),
	);
	return shown - (instant - (((instant % 1000) + 1000) % 1000));
}

export function DATE_TIME_NOTE(what: string, bound: DateBound = 'start'): string {
	const bare =
		bound === 'end'
			? 'a date alone (2025-03-31) means the end of that whole day'
			: 'a date alone (2025-03-01) means the first moment of that day';
	return `${what}. In the workflow's time zone (its Settings) when no offset is given: ${bare}. Any ISO 8601 form (2025-03-31, 20250331, 2025-03-31T18:00, with Z, +05 or -03:00) is sent as a date-time in UTC.`;
}
