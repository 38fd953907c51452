/**
 * Numbers read without loss: decimal text as a person types it, integers within 2^53 - 1 (beyond, one is refused,
 * never rounded), numbers written as text without an exponent, and JSON whose numbers JavaScript keeps exactly.
 */
import type { IDataObject } from 'n8n-workflow';

/**
 * Decimal digits only, with an optional sign, fraction and exponent ("150.50", "+5", "1e3"): JavaScript's other forms
 * ("0b11", "0o17", "0x1F", "5.") are not what a person typing a number means, and are refused.
 */
const DECIMAL_TEXT = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)(?:e[+-]?\d+)?$/i;

export function numberFromText(value: unknown): unknown {
	if (typeof value !== 'string' || !DECIMAL_TEXT.test(value.trim())) return value;
	const number = Number(value);
	return Number.isFinite(number) ? number : value;
}

/** Beyond it, integers arrive already rounded. */
export const SAFE_INTEGER_RULE = `must be an integer from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}: larger ones cannot be read without rounding (give a larger value as text where the field is text)`;

export function isUnsafeInteger(value: unknown): boolean {
	return typeof value === 'number' && Number.isInteger(value) && !Number.isSafeInteger(value);
}

/** Never in exponent form (1e-7 → "0.0000001"). */
export function decimalText(value: number): string {
	const text = String(value);
	const match = /^(-?)(\d+)(?:\.(\d+))?e([+-]\d+)$/.exec(text);
	if (!match) return text;
	const [, sign, whole, fraction = '', exponent] = match;
	const digits = whole + fraction;
	const point = whole.length + Number(exponent);
	if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
	if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
	return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

/** `value` = digits × 10^exponent, without leading or trailing zeros: "1.50" and "15e-1" read alike. */
function canonicalNumber(text: string): string {
	const match = /^(-?)(\d+)(?:\.(\d+))?(?:[eE]([+-]?\d+))?$/.exec(text);
	if (!match) return text;
	const [, sign, whole, fraction = '', exponent = '0'] = match;
	let digits = (whole + fraction).replace(/^0+/, '');
	if (digits === '') return '0';
	const trailing = digits.length - digits.replace(/0+$/, '').length;
	digits = digits.slice(0, digits.length - trailing);
	return `${sign}${digits}e${Number(exponent) - fraction.length + trailing}`;
}

/** The first number of the JSON text (outside its strings) that JavaScript cannot hold exactly. */
function inexactNumberIn(json: string): string | undefined {
	const token = /-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
	let inString = false;
	for (let at = 0; at < json.length; at++) {
		const char = json[at];
		if (inString) {
			if (char === '\\') at++;
			else if (char === '"') inString = false;
			continue;
		}
		if (char === '"') {
			inString = true;
			continue;
		}
		if (char !== '-' && (char < '0' || char > '9')) continue;
		token.lastIndex = at;
		const found = token.exec(json)?.[0];
		if (!found) continue;
		if (canonicalNumber(found) !== canonicalNumber(String(Number(found)))) return found;
		at += found.length - 1;
	}
	return undefined;
}

/** An object from an expression: its numbers were read already, so one beyond 2^53 may already be rounded. */
function unsafeIntegerIn(value: unknown): number | undefined {
	if (isUnsafeInteger(value)) return value as number;
	if (value === null || typeof value !== 'object') return undefined;
	for (const entry of Object.values(value as IDataObject)) {
		const found = unsafeIntegerIn(entry);
		if (found !== undefined) return found;
	}
	return undefined;
}

/** Numbers are kept exactly or refused: JSON.parse would round 9007199254740993 to …992 without a word. */
export function jsonObject(raw: unknown, fail: (rule: string) => never): IDataObject {
	let parsed: unknown = raw;
	if (typeof raw === 'string') {
		try {
			parsed = JSON.parse(raw);
		} catch {
			fail('must be valid JSON');
		}
		const inexact = inexactNumberIn(raw);
		if (inexact !== undefined) {
			fail(
				`must hold numbers JavaScript can keep exactly: ${inexact} would be sent as ${String(Number(inexact))}. Give it as text ("${inexact}")`,
			);
		}
	} else {
		const unsafe = unsafeIntegerIn(raw);
		if (unsafe !== undefined) {
			fail(
				`must hold integers from -${Number.MAX_SAFE_INTEGER} to ${Number.MAX_SAFE_INTEGER}: ${unsafe} may already be rounded. Give it as text`,
			);
		}
	}
	if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
		fail('must be a JSON object');
	}
	return parsed as IDataObject;
}
