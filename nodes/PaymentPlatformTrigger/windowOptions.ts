/**
 * The trigger's options for the duplicate window (every typeVersion): whether it is used, its two bounds, and how long
 * a delivery counts as running. The defaults are the chosen ones in deliveryWindow.ts; docs/chosen-defaults.md lists
 * them.
 */
import type { INodeProperties } from 'n8n-workflow';
import {
	DELIVERY_WINDOW_HOURS_RANGE,
	DELIVERY_WINDOW_IDS_RANGE,
	DELIVERY_WINDOW_MAX_HOURS,
	DELIVERY_WINDOW_MAX_IDS,
	RUNNING_AT_MOST_SECONDS,
	type WindowBounds,
} from './deliveryWindow';

export interface WindowOptions {
	ignoreDuplicates?: boolean;
	duplicateWindowSize?: unknown;
	duplicateWindowHours?: unknown;
	resendRunsAfter?: unknown;
}

const SIZE_NAME = 'Duplicate Window Size (Deliveries)';
const AGE_NAME = 'Duplicate Window Age (Hours)';

/** The Options entries (n8n sorts a collection's options by display name in the editor). */
export const windowOptions: INodeProperties[] = [
	{
		displayName: AGE_NAME,
		name: 'duplicateWindowHours',
		type: 'number',
		default: DELIVERY_WINDOW_MAX_HOURS,
		typeOptions: {
			minValue: DELIVERY_WINDOW_HOURS_RANGE.min,
			maxValue: DELIVERY_WINDOW_HOURS_RANGE.max,
		},
		description: `With Ignore Duplicate Deliveries: how long a delivery that ran is remembered, so that a resend of it starts nothing (${DELIVERY_WINDOW_HOURS_RANGE.min} to ${DELIVERY_WINDOW_HOURS_RANGE.max}). Platforms resend for up to about 3 days. A longer age costs memory only while the window holds fewer deliveries than its size allows.`,
	},
	{
		displayName: SIZE_NAME,
		name: 'duplicateWindowSize',
		type: 'number',
		default: DELIVERY_WINDOW_MAX_IDS,
		typeOptions: {
			minValue: DELIVERY_WINDOW_IDS_RANGE.min,
			maxValue: DELIVERY_WINDOW_IDS_RANGE.max,
			numberPrecision: 0,
		},
		description: `With Ignore Duplicate Deliveries: how many deliveries that ran are remembered per webhook endpoint, the oldest forgotten first (${DELIVERY_WINDOW_IDS_RANGE.min} to ${DELIVERY_WINDOW_IDS_RANGE.max.toLocaleString('en-US')}). Each costs 180 to 550 bytes of each webhook process's memory: the default ${DELIVERY_WINDOW_MAX_IDS.toLocaleString('en-US')} about 2 to 5 MiB, 100,000 up to about 55 MiB.`,
	},
	{
		displayName: 'Ignore Duplicate Deliveries',
		name: 'ignoreDuplicates',
		type: 'boolean',
		default: true,
		description: `Whether to skip a delivery whose ID was already run (the platform resends a delivery until it is acknowledged). Remembered per n8n process, within the Duplicate Window options (by default the last ${DELIVERY_WINDOW_MAX_IDS.toLocaleString('en-US')} IDs of the past ${DELIVERY_WINDOW_MAX_HOURS} hours).`,
	},
	{
		displayName: 'Resend Runs Again After (Seconds)',
		name: 'resendRunsAfter',
		type: 'number',
		default: RUNNING_AT_MOST_SECONDS,
		typeOptions: { minValue: 1 },
		description:
			'With After the Workflow Succeeds: a resend of a delivery whose run has not answered yet gets 503 (come back later) for this long after the delivery arrived, then runs again, since the first run may have been lost. Raise it for workflows that take longer (fewer duplicates); lower it for platforms that retry only a few times soon after (no lost events).',
	},
];

/** What the trigger does with duplicates, as the options say. */
export interface WindowSettings {
	bounds: WindowBounds;
	runningAtMostSeconds: number;
}

/** An option's number, the default when unset, or an error text naming the option and its range. */
function boundedNumber(
	value: unknown,
	name: string,
	fallback: number,
	range: { min: number; max: number },
	wholeNumber: boolean,
): number | string {
	if (value === undefined || value === null || value === '') return fallback;
	const number = typeof value === 'string' ? Number(value.trim()) : value;
	const valid =
		typeof number === 'number' &&
		Number.isFinite(number) &&
		number >= range.min &&
		number <= range.max &&
		(!wholeNumber || Number.isInteger(number));
	if (valid) return number;
	const kind = wholeNumber ? 'a whole number' : 'a number';
	const given = typeof value === 'string' ? JSON.stringify(value) : String(value);
	return `Options → ${name} must be ${kind} from ${range.min} to ${range.max}; got ${given}`;
}

/** The option's seconds, or the chosen default when unset or not a positive number. */
function runningAtMostSeconds(value: unknown): number {
	return typeof value === 'number' && Number.isFinite(value) && value > 0
		? value
		: RUNNING_AT_MOST_SECONDS;
}

/** The window settings the options ask for, or an error text when a bound is out of its range. */
export function windowSettings(options: WindowOptions): WindowSettings | string {
	const maxIds = boundedNumber(
		options.duplicateWindowSize,
		SIZE_NAME,
		DELIVERY_WINDOW_MAX_IDS,
		DELIVERY_WINDOW_IDS_RANGE,
		true,
	);
	if (typeof maxIds === 'string') return maxIds;
	const hours = boundedNumber(
		options.duplicateWindowHours,
		AGE_NAME,
		DELIVERY_WINDOW_MAX_HOURS,
		DELIVERY_WINDOW_HOURS_RANGE,
		false,
	);
	if (typeof hours === 'string') return hours;
	return {
		bounds: { maxIds, maxAgeMs: hours * 3600_000 },
		runningAtMostSeconds: runningAtMostSeconds(options.resendRunsAfter),
	};
}
