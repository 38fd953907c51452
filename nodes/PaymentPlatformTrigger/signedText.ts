/**
 * The text a timestamped signature covers: the Signed Text Layout around the body, the timestamp formats platforms
 * send, and whether a body reads as such a signed text (a timestamped delivery replayed as raw-body). Pure.
 */

export interface SignedTextLayout {
	text: string;
	/** Text before and after `{body}`; each may hold the timestamp. */
	before: string;
	after: string;
}

export const TIMESTAMP_PLACEHOLDER = '{timestamp}';
const BODY_PLACEHOLDER = '{body}';

export function parseSignedTextLayout(text: string): SignedTextLayout | string {
	const countOf = (part: string) => text.split(part).length - 1;
	if (countOf(TIMESTAMP_PLACEHOLDER) !== 1 || countOf(BODY_PLACEHOLDER) !== 1) {
		return `Signed Text Layout must contain ${TIMESTAMP_PLACEHOLDER} and ${BODY_PLACEHOLDER} once each (for example ${TIMESTAMP_PLACEHOLDER}.${BODY_PLACEHOLDER}); got "${text}"`;
	}
	const [before, after] = text.split(BODY_PLACEHOLDER);
	return { text, before, after };
}

const UNIX_SECONDS = /^\d{1,12}$/;
const UNIX_MILLISECONDS = /^\d{13,15}$/;
const ISO_8601 = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2})$/;

/**
 * `t=` values and Standard Webhooks' are Unix seconds; a timestamp in its own header may also be Unix milliseconds
 * (Webflow) or ISO 8601 (Zendesk).
 */
export function timestampMs(text: string, anyFormat: boolean): number | undefined {
	if (UNIX_SECONDS.test(text)) return Number(text) * 1000;
	if (!anyFormat) return undefined;
	if (UNIX_MILLISECONDS.test(text)) return Number(text);
	if (!ISO_8601.test(text)) return undefined;
	const ms = Date.parse(text);
	return Number.isFinite(ms) ? ms : undefined;
}

const ANY_TIMESTAMP = '(?:\\d{1,15}|\\d{4}-\\d{2}-\\d{2}T[0-9:.]+(?:Z|[+-][0-9:]+))';

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * `<t>.<body>`, the layout around a timestamp, or `<id>.<t>.<body>` (Standard Webhooks with a text key); only the
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
