import type { InputValidator } from './validate';

/**
 * Reads a dateTime parameter value as ISO 8601 text. The editor gives a string; an expression may give a Date or a
 * Luxon DateTime. Empty means "not set" (undefined). The text is then checked by the validator under `field`.
 */
export function toIsoDateTime(
	validate: InputValidator,
	field: string,
	value: unknown,
): string | undefined {
	if (value === undefined || value === null || value === '') return undefined;
	let text: string;
	if (value instanceof Date) {
		text = Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
	} else if (
		typeof value === 'object' &&
		typeof (value as { toISO?: unknown }).toISO === 'function'
	) {
		text = String((value as { toISO: () => string | null }).toISO() ?? 'Invalid DateTime');
	} else {
		text = String(value).trim();
	}
	validate.isoDateTime(field, text);
	return text;
}
