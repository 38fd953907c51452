/**
 * Text with a decimal or thousands separator has more than one reading, and the node never guesses: "99.00" in a
 * cents field is 99 cents to JavaScript but R$ 99,00 in a price column, "1.000" is 1 to JavaScript but a thousand as
 * Brazilians write it. These say what a text could mean, for the refusals.
 */

const WHOLE_CENTS_TEXT = /^\s*[+-]?\d+\s*$/;

/** A thousands separator or a decimal mark. */
const GROUPED_BY_THREES = /^([+-]?)(\d{1,3})([.,])(\d{3}(?:\3\d{3})*)$/;

export const REAIS_TO_CENTS_HINT =
	'In an expression, turn a price in reais into cents: {{ Math.round(Number($json.price) * 100) }} for "99.00", or {{ Math.round(Number(String($json.price).replace(/\\./g, "").replace(",", ".")) * 100) }} for "1.234,56".';

export function isWholeCentsText(text: string): boolean {
	return WHOLE_CENTS_TEXT.test(text);
}

function readWithDecimalMark(text: string, decimalMark: '.' | ','): number | undefined {
	const groupMark = decimalMark === '.' ? ',' : '.';
	const [whole, fraction, ...rest] = text.replace(/^[+-]/, '').split(decimalMark);
	if (rest.length > 0 || (fraction !== undefined && !/^\d+$/.test(fraction))) return undefined;
	const grouped = new RegExp(`^\\d{1,3}(?:\\${groupMark}\\d{3})*$`);
	if (!/^\d+$/.test(whole) && !grouped.test(whole)) return undefined;
	const value = Number(`${whole.split(groupMark).join('')}.${fraction ?? '0'}`);
	return text.startsWith('-') ? -value : value;
}

/** 123456 → "R$ 1.234,56". */
function reaisText(cents: number): string {
	const sign = cents < 0 ? '-' : '';
	const digits = String(Math.abs(cents)).padStart(3, '0');
	const whole = digits.slice(0, -2).replace(/\B(?=(\d{3})+(?!\d))/g, '.');
	return `R$ ${sign}${whole},${digits.slice(-2)}`;
}

const centsText = (cents: number) => `${cents} ${Math.abs(cents) === 1 ? 'cent' : 'cents'}`;

/**
 * Smallest first: each separator as the decimal mark, and a price in reais when one or two digits follow the last.
 * `"99.00"` → 99 cents, R$ 99,00 = 9900 cents.
 */
export function centsReadings(value: string | number): string[] {
	const readings = new Map<number, string>();
	const add = (cents: number, label: string) => {
		if (Number.isSafeInteger(cents) && !readings.has(cents)) readings.set(cents, label);
	};
	if (typeof value === 'number') {
		const cents = Math.round(value * 100);
		if (Math.abs(value * 100 - cents) < 1e-6)
			add(cents, `${reaisText(cents)} = ${centsText(cents)}`);
	} else {
		const text = value.trim();
		for (const mark of ['.', ','] as const) {
			const read = readWithDecimalMark(text, mark);
			if (read !== undefined && Number.isInteger(read)) add(read, centsText(read));
		}
		const price = /([.,])\d{1,2}$/.exec(text);
		const read = price ? readWithDecimalMark(text, price[1] as '.' | ',') : undefined;
		if (read !== undefined)
			add(
				Math.round(read * 100),
				`${reaisText(Math.round(read * 100))} = ${centsText(Math.round(read * 100))}`,
			);
	}
	return [...readings.entries()].sort(([a], [b]) => a - b).map(([, label]) => label);
}

/** "1.000": 1 or 1000; undefined for text with one reading. */
export function thousandsReadings(text: string): [number, number] | undefined {
	const match = GROUPED_BY_THREES.exec(text.trim());
	if (!match) return undefined;
	const [, sign, head, mark, tail] = match;
	const negative = sign === '-' ? -1 : 1;
	const asDecimal = Number(`${head}.${tail.split(mark).join('')}`) * negative;
	const asThousands = Number(`${head}${tail.split(mark).join('')}`) * negative;
	return [asDecimal, asThousands];
}

export function couldBe(readings: Array<string | number>): string {
	const texts = readings.map(String);
	const last = texts.pop();
	return `could be ${texts.length > 0 ? `${texts.join(', ')} or ${last}` : last}`;
}
