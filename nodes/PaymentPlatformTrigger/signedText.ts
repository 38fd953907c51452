/**
 * What a timestamped signature covers: the signed text's layout and the timestamp's formats. Pure functions, no n8n
 * imports.
 */

/** A signed-text layout such as `{timestamp}.{body}`: the text around the body, with the timestamp's place. */
export interface SignedTextLayout {
	/** The layout as the user wrote it. */
	text: string;
	/** Text before `{body}`, then text after it; each may hold the timestamp. */
	before: string;
	after: string;
}

export const TIMESTAMP_PLACEHOLDER = '{timestamp}';
export const BODY_PLACEHOLDER = '{body}';

function countOf(text: string, part: string): number {
	return text.split(part).length - 1;
}

/** The layout, or an error text naming the rule when it does not hold `{timestamp}` and `{body}` once each. */
export function parseSignedTextLayout(text: string): SignedTextLayout | string {
	if (countOf(text, TIMESTAMP_PLACEHOLDER) !== 1 || countOf(text, BODY_PLACEHOLDER) !== 1) {
		return `Signed Text Layout must contain ${TIMESTAMP_PLACEHOLDER} and ${BODY_PLACEHOLDER} once each (for example ${TIMESTAMP_PLACEHOLDER}.${BODY_PLACEHOLDER}); got "${text}"`;
	}
	const [before, after] = text.split(BODY_PLACEHOLDER);
	return { text, before, after };
}

/** The text signed before and after the body for `timestamp` (exactly as the header carried it). */
export function signedTextAround(
	layout: SignedTextLayout,
	timestamp: string,
): { before: string; after: string } {
	return {
		before: layout.before.replace(TIMESTAMP_PLACEHOLDER, timestamp),
		after: layout.after.replace(TIMESTAMP_PLACEHOLDER, timestamp),
	};
}

const UNIX_SECONDS = /^\d{1,12}$/;
const UNIX_MILLISECONDS = /^\d{13,15}$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * The time a timestamp stands for, in milliseconds, or undefined when it is not one. `t=` values and Standard
 * Webhooks' are Unix seconds; a timestamp in its own header may also be Unix milliseconds (Webflow) or ISO 8601
 * (Zendesk).
 */
export function timestampMs(text: string, anyFormat: boolean): number | undefined {
	if (UNIX_SECONDS.test(text)) return Number(text) * 1000;
	if (!anyFormat) return undefined;
	if (UNIX_MILLISECONDS.test(text)) return Number(text);
	if (ISO_8601.test(text)) {
		const ms = Date.parse(text);
		return Number.isFinite(ms) ? ms : undefined;
	}
	return undefined;
}

/** A pattern for any timestamp format above, for recognising a signed text. */
const ANY_TIMESTAMP = '(?:\\d{1,15}|\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(?:Z|[+-][0-9:]+))';

function escaped(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Whether `rawBody` could be the signed text of a timestamped family: `<t>.<body>` (the `t=` family), the layout's
 * text around a timestamp, or `<id>.<t>.<body>` (Standard Webhooks, when its key is the secret's text). Only the
 * first and last bytes are read.
 */
export function couldBeSignedText(
	rawBody: Buffer,
	layout: SignedTextLayout,
	standardKeyIsText: boolean,
): boolean {
	const head = rawBody.subarray(0, 512).toString('latin1');
	const tail = rawBody.subarray(Math.max(0, rawBody.length - 512)).toString('latin1');
	if (/^\d{1,12}\./.test(head)) return true;
	if (standardKeyIsText && /^[^.\s]{1,256}\.\d{1,12}\./.test(head)) return true;
	const placeholder = escaped(TIMESTAMP_PLACEHOLDER);
	if (layout.before.includes(TIMESTAMP_PLACEHOLDER)) {
		return new RegExp(`^${escaped(layout.before).replace(placeholder, ANY_TIMESTAMP)}`).test(head);
	}
	return new RegExp(`${escaped(layout.after).replace(placeholder, ANY_TIMESTAMP)}$`).test(tail);
}
