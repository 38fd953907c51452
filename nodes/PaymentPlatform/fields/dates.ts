/**
 * Every date field reaches the API as an ISO 8601 date-time in UTC, the reference's <timestamp>. A Date or Luxon
 * DateTime, or text with an offset, keeps its instant; text without one (what the editor's date picker gives, or a
 * bare date: the start of that day) is read in the workflow's time zone.
 */

const ISO_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?)?$/i;

export function toUtcDateTime(value: unknown, timeZone: string): string | undefined {
	if (value instanceof Date) return instantToIso(value.getTime());
	if (
		value !== null &&
		typeof value === 'object' &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function'
	) {
		return instantToIso((value as { toMillis: () => number }).toMillis());
	}
	if (typeof value !== 'string') return undefined;
	const match = ISO_DATE_TIME.exec(value.trim());
	if (!match) return undefined;
	const [year, month, day, hour, minute, second] = match
		.slice(1, 7)
		.map((part) => Number(part ?? 0));
	const millis = Number((match[7] ?? '0').slice(0, 3).padEnd(3, '0'));
	const wallClock = Date.UTC(year, month - 1, day, hour, minute, second, millis);
	const shown = new Date(wallClock);
	const realDay =
		shown.getUTCFullYear() === year &&
		shown.getUTCMonth() === month - 1 &&
		shown.getUTCDate() === day;
	if (!realDay || hour > 23 || minute > 59 || second > 59) return undefined;
	const offset = match[8];
	if (offset === undefined) return instantToIso(wallClockToInstant(wallClock, timeZone));
	if (offset.toUpperCase() === 'Z') return instantToIso(wallClock);
	const sign = offset.startsWith('-') ? -1 : 1;
	const digits = offset.slice(1).replace(':', '');
	const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
	return instantToIso(wallClock - sign * minutes * 60_000);
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

export function DATE_TIME_NOTE(what: string): string {
	return `${what}. Sent as an ISO 8601 date-time in UTC; a date or date-time without a time zone is read in the workflow's time zone (a bare date as the start of that day).`;
}
