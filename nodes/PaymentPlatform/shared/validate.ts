import type { IDataObject, INode } from 'n8n-workflow';
import { NodeOperationError, tryToParseDateTime } from 'n8n-workflow';
import { PATTERNS } from './apiValues';

/** Numeric text as an expression gives it: optional sign, digits, optional decimals ("150.50", " 2048 "). */
const NUMERIC_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

/**
 * A number parameter's value as a number: numeric text from an expression (e.g. `{{ $json.amount }}` holding "150.50")
 * becomes a number, so every operation accepts and refuses the same inputs; anything else is returned unchanged for
 * the validator to refuse with the field's rule ("12,50", "1e3" and "" are not numbers here).
 */
export function numberFromText(value: unknown): unknown {
	return typeof value === 'string' && NUMERIC_TEXT.test(value) ? Number(value) : value;
}

/**
 * Length in characters as the API reference counts them: Unicode code points (an emoji is one character, not two
 * UTF-16 units), as JSON Schema's maxLength does. The sandbox counts the same way (sandbox/api/rules.js).
 */
export function characterCount(value: string): number {
	return Array.from(value).length;
}

/**
 * Input checks run before any request is sent. Each failure is a NodeOperationError naming the API field, the rule
 * and the item index. Values are never echoed back, since some (card numbers, CVV) are sensitive.
 */
export class InputValidator {
	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
	) {}

	fail(field: string, rule: string): never {
		throw new NodeOperationError(this.node, `${field} ${rule} [item ${this.itemIndex}]`, {
			itemIndex: this.itemIndex,
			description: `Fix "${field}" in item ${this.itemIndex}; nothing was sent to the API.`,
		});
	}

	required(field: string, value: unknown): void {
		if (value === undefined || value === null || value === '') this.fail(field, 'is required');
	}

	length(
		field: string,
		value: unknown,
		limits: { min?: number; max?: number; exact?: number },
	): void {
		if (value === undefined || value === null) return;
		const length = characterCount(String(value));
		if (limits.exact !== undefined && length !== limits.exact) {
			this.fail(field, `must be exactly ${limits.exact} characters`);
		}
		const { min, max } = limits;
		if (min !== undefined && max !== undefined && (length < min || length > max)) {
			this.fail(field, `must be ${min} to ${max} characters`);
		}
		if (min !== undefined && max === undefined && length < min) {
			this.fail(field, `must be at least ${min} characters`);
		}
		if (max !== undefined && min === undefined && length > max) {
			this.fail(field, `must be at most ${max} characters`);
		}
	}

	pattern(field: string, value: unknown, pattern: RegExp, rule: string): void {
		if (value === undefined || value === null || value === '') return;
		if (!pattern.test(String(value))) this.fail(field, rule);
	}

	uuid(field: string, value: unknown): void {
		this.required(field, value);
		this.pattern(field, value, PATTERNS.uuid, 'must be a UUID');
	}

	oneOf(field: string, value: unknown, allowed: readonly string[]): void {
		if (value === undefined || value === null || value === '') return;
		if (!allowed.includes(String(value))) this.fail(field, `must be one of: ${allowed.join(', ')}`);
	}

	integer(field: string, value: unknown, limits: { min?: number; max?: number } = {}): void {
		if (value === undefined || value === null || value === '') return;
		const rule = describeRange('an integer', limits);
		if (typeof value !== 'number' || !Number.isInteger(value)) this.fail(field, `must be ${rule}`);
		if (limits.min !== undefined && value < limits.min) this.fail(field, `must be ${rule}`);
		if (limits.max !== undefined && value > limits.max) this.fail(field, `must be ${rule}`);
	}

	number(field: string, value: unknown, limits: { min?: number } = {}): void {
		if (value === undefined || value === null || value === '') return;
		const rule = describeRange('a number', limits);
		if (typeof value !== 'number' || !Number.isFinite(value)) this.fail(field, `must be ${rule}`);
		if (limits.min !== undefined && value < limits.min) this.fail(field, `must be ${rule}`);
	}

	/**
	 * An optional integer parameter: undefined when empty, else checked under `field` with numeric text accepted
	 * (numberFromText) and returned as a number.
	 */
	optionalInteger(
		field: string,
		value: unknown,
		limits: { min?: number; max?: number } = {},
	): number | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		const number = numberFromText(value);
		this.integer(field, number, limits);
		return number as number;
	}

	/** An optional number parameter (fractions allowed), read like optionalInteger. */
	optionalNumber(field: string, value: unknown, limits: { min?: number } = {}): number | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		const number = numberFromText(value);
		this.number(field, number, limits);
		return number as number;
	}

	isoDateTime(field: string, value: unknown): void {
		if (value === undefined || value === null || value === '') return;
		const text = String(value);
		const shape = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
		if (!shape.test(text) || Number.isNaN(Date.parse(text)) || !isRealDateTime(text)) {
			this.fail(field, 'must be an ISO 8601 date or date-time');
		}
	}

	/**
	 * An optional <timestamp> of the API: an ISO 8601 date-time in UTC. Text without an offset (what the editor's date
	 * picker gives) and a bare date are read in `timeZone` (the workflow's); a Date or Luxon DateTime from an
	 * expression keeps its instant. Parsed by n8n-workflow's tryToParseDateTime once the text has the ISO 8601 shape.
	 */
	utcDateTime(field: string, value: unknown, timeZone: string): string | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		if (typeof value === 'string') this.isoDateTime(field, value.trim());
		let iso: string | null = null;
		try {
			iso = tryToParseDateTime(typeof value === 'string' ? value.trim() : value, timeZone)
				.toUTC()
				.toISO();
		} catch {
			iso = null;
		}
		if (!iso) this.fail(field, 'must be an ISO 8601 date or date-time');
		return iso;
	}

	email(field: string, value: unknown): void {
		this.pattern(field, value, PATTERNS.email, 'must be an e-mail address');
	}

	/** Parses a JSON parameter that may arrive as text or as an already parsed object. */
	jsonObject(field: string, value: unknown): IDataObject | undefined {
		if (value === undefined || value === null || value === '') return undefined;
		let parsed: unknown = value;
		if (typeof value === 'string') {
			try {
				parsed = JSON.parse(value);
			} catch {
				this.fail(field, 'must be valid JSON');
			}
		}
		if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
			this.fail(field, 'must be a JSON object');
		}
		return parsed as IDataObject;
	}
}

function describeRange(kind: string, { min, max }: { min?: number; max?: number }): string {
	if (min !== undefined && max !== undefined) return `${kind} from ${min} to ${max}`;
	if (min !== undefined) return `${kind} >= ${min}`;
	if (max !== undefined) return `${kind} <= ${max}`;
	return kind;
}

/** Whether the date names a real calendar day (not 2025-02-30) and the time fields are in range. */
function isRealDateTime(text: string): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(text);
	if (!match) return false;
	const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0));
	const date = new Date(Date.UTC(year, month - 1, day));
	const sameDay =
		date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
	return sameDay && hour <= 23 && minute <= 59 && second <= 59;
}
