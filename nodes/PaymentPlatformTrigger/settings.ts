/** The settings the trigger reads from its options: the chosen default when unset, else the value within its range. */
import { WEBHOOK_SIGNATURE_NAMES } from './chosenNames';
import type { SignatureScheme, VerificationSettings } from './verification';
import { parseSignedTextLayout } from './signedText';
import type { DeliveryReading, WindowBounds } from './delivery';
import { RANGES, type Range, type RangedOption } from './properties';

const NAMES = WEBHOOK_SIGNATURE_NAMES;

export type AcknowledgeMode = 'onReceived' | 'lastNode';

export interface TriggerOptions {
	duplicateWindowHours?: unknown;
	duplicateWindowSize?: unknown;
	endpointRemovalDelay?: unknown;
	endpointEvents?: 'all' | 'selected';
	eventIdField?: string;
	ignoreDuplicates?: boolean;
	includeHeaders?: boolean;
	maxBodySize?: unknown;
	previousSecretHours?: unknown;
	resendRunsAfter?: unknown;
	secretRotation?: unknown;
	signatureHeader?: string;
	signatureScheme?: SignatureScheme;
	signedTextLayout?: string;
	timestampHeader?: string;
	timestampTolerance?: number;
	unsignedEventName?: 'ignore' | 'use';
}

/** Anything unknown answers when received, as n8n does. */
export function acknowledgeMode(value: unknown): AcknowledgeMode {
	return value === 'lastNode' ? 'lastNode' : 'onReceived';
}

export interface WindowSettings {
	bounds: WindowBounds;
	runningAtMostSeconds: number;
}

export interface RegistrationSettings {
	removalDelayMs: number;
	previousSecretMs: number;
	/** Secrets registered under another rotation verify nothing. */
	rotation: number;
	/** The endpoint is registered for every documented event (the chosen default), or for the selected ones only. */
	endpointEvents: 'all' | 'selected';
}

/**
 * The settings `build` makes of each option's number (its default when unset), or the error naming the first option
 * out of its range.
 */
function readRanged<Name extends RangedOption, Settings>(
	options: TriggerOptions,
	names: readonly Name[],
	build: (numbers: Record<Name, number>) => Settings,
): Settings | string {
	const numbers = {} as Record<Name, number>;
	for (const name of names) {
		const range: Range = RANGES[name];
		const value = options[name];
		if (value === undefined || value === null || value === '') {
			numbers[name] = range.default;
			continue;
		}
		const number = typeof value === 'string' ? Number(value.trim()) : value;
		const valid =
			typeof number === 'number' &&
			Number.isFinite(number) &&
			number >= range.min &&
			number <= range.max &&
			(!range.wholeNumber || Number.isInteger(number));
		if (!valid) {
			const kind = range.wholeNumber ? 'a whole number' : 'a number';
			const given = typeof value === 'string' ? JSON.stringify(value) : String(value);
			return `Options → ${range.displayName} must be ${kind} from ${range.min} to ${range.max}; got ${given}`;
		}
		numbers[name] = number as number;
	}
	return build(numbers);
}

const HOUR_MS = 3600_000;

export function windowSettings(options: TriggerOptions): WindowSettings | string {
	return readRanged(
		options,
		['duplicateWindowSize', 'duplicateWindowHours', 'resendRunsAfter'],
		(read) => ({
			bounds: { maxIds: read.duplicateWindowSize, maxAgeMs: read.duplicateWindowHours * HOUR_MS },
			runningAtMostSeconds: read.resendRunsAfter,
		}),
	);
}

export function deliveryReading(options: TriggerOptions): DeliveryReading {
	return {
		eventIdField: typeof options.eventIdField === 'string' ? options.eventIdField : 'id',
		useEventHeader: options.unsignedEventName === 'use',
	};
}

export function registrationSettings(options: TriggerOptions): RegistrationSettings | string {
	return readRanged(
		options,
		['endpointRemovalDelay', 'previousSecretHours', 'secretRotation'],
		(read) => ({
			removalDelayMs: read.endpointRemovalDelay * 1000,
			previousSecretMs: read.previousSecretHours * HOUR_MS,
			rotation: read.secretRotation,
			endpointEvents: options.endpointEvents === 'selected' ? 'selected' : 'all',
		}),
	);
}

export function verificationSettings(options: TriggerOptions): VerificationSettings | string {
	const layout = parseSignedTextLayout(options.signedTextLayout || NAMES.signedTextLayout);
	if (typeof layout === 'string') return layout;
	const tolerance = Number(options.timestampTolerance ?? NAMES.toleranceSeconds);
	return readRanged(options, ['maxBodySize'], (read) => ({
		scheme: options.signatureScheme ?? 'automatic',
		toleranceSeconds:
			Number.isFinite(tolerance) && tolerance > 0 ? tolerance : NAMES.toleranceSeconds,
		signatureHeader: options.signatureHeader,
		timestampHeader: options.timestampHeader,
		signedTextLayout: layout,
		maxBodyBytes: read.maxBodySize * 1024,
	}));
}
