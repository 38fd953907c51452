import type { InputValidator } from './validate';

const ZONELESS_DATE_TIME =
	/^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;

/**
 * Reads a dateTime parameter value as ISO 8601 text for the API, whose timestamps are UTC. Empty means "not set".
 * - A date-time without an offset (what the editor's date picker gives) is read in the workflow's time zone and sent
 *   as UTC, e.g. `2025-03-01T00:00:00` in America/Sao_Paulo → `2025-03-01T03:00:00.000Z`.
 * - A Date or Luxon DateTime (from an expression such as `{{ $now }}`) is sent as UTC.
 * - A bare date or a date-time with an offset is sent as written.
 * The text is checked by the validator under `field` (the API's name for it) before anything is sent.
 */
export function toIsoDateTime(
	validate: InputValidator,
	field: string,
	value: unknown,
	timeZone: string,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	if (value instanceof Date) return instantToIso(validate, field, value.getTime());
	if (
		typeof value === 'object' &&
		typeof (value as { toMillis?: unknown }).toMillis === 'function'
	) {
		return instantToIso(validate, field, (value as { toMillis: () => number }).toMillis());
	}
	const text = String(value).trim();
	validate.isoDateTime(field, text);
	const local = ZONELESS_DATE_TIME.exec(text);
	if (!local) return text;
	const [year, month, day, hour, minute, second] = local
		.slice(1, 7)
		.map((part) => Number(part ?? 0));
	const millis = Number((local[7] ?? '0').slice(0, 3).padEnd(3, '0'));
	const wallClock = Date.UTC(year, month - 1, day, hour, minute, second, millis);
	return instantToIso(validate, field, wallClockToInstant(wallClock, timeZone));
}

function instantToIso(validate: InputValidator, field: string, instant: number): string {
	if (!Number.isFinite(instant)) validate.fail(field, 'must be an ISO 8601 date or date-time');
	return new Date(instant).toISOString();
}

/** The instant at which clocks in `timeZone` show `wallClock` (given as if it were UTC). */
function wallClockToInstant(wallClock: number, timeZone: string): number {
	const first = wallClock - zoneOffsetMs(wallClock, timeZone);
	const second = wallClock - zoneOffsetMs(first, timeZone);
	return second;
}

/** How far clocks in `timeZone` are ahead of UTC at `instant`; 0 for an unknown zone. */
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

/** An optional integer parameter, read by InputValidator.optionalInteger (numeric text accepted). */
export function toInteger(
	validate: InputValidator,
	field: string,
	value: unknown,
	limits: { min?: number; max?: number } = {},
): number | undefined {
	return validate.optionalInteger(field, value, limits);
}
