/**
 * Where the trigger keeps its endpoint: the node's static data (separate for the test and the production webhook),
 * and this process's memory of the registrations it made. The API returns the secret only when the endpoint is
 * created, so it lives only here. Secrets of replaced registrations stay for a grace period: what the platform signed
 * before a change still verifies after it. Static data is one column that any execution writes back whole when one
 * of its nodes changed it, so a run that started before a new registration can restore the old one: `known` puts the
 * newer one back (docs/trigger.md, "Where the trigger keeps its state").
 */
import type { IHookFunctions, IWebhookFunctions } from 'n8n-workflow';
import type { RegistrationSettings } from './settings';

type StaticData = Record<string, unknown>;

/** The API returns the secret only when the endpoint is created: it lives only here (and in `known`). */
export const STATIC_KEYS = {
	endpointId: 'endpointId',
	secret: 'webhookSecret',
	url: 'webhookUrl',
	events: 'events',
	/** When this registration was made (ms): an older one written back over it is repaired. */
	registeredAt: 'registeredAt',
	/** The Secret Rotation it was registered under; none: 0. */
	rotation: 'rotation',
	/** Set while an unpublished endpoint waits for its removal (or a republish). */
	releasedAt: 'releasedAt',
	/** Newest first, each with when it was replaced (`since`), until when it verifies, and its rotation. */
	previousSecrets: 'previousSecrets',
} as const;

/** At most this many previous secrets are kept (each costs one HMAC per forged delivery). */
const PREVIOUS_SECRETS_MAX = 3;

export interface Registration {
	endpointId: string;
	secret: string;
	url: string;
	events: string[];
	registeredAt: number;
	rotation: number;
}

interface PreviousSecret {
	secret: string;
	until: number;
	since?: number;
	rotation?: number;
}

const text = (value: unknown): string | undefined =>
	typeof value === 'string' && value !== '' ? value : undefined;

const numberOr = (value: unknown, fallback: number): number =>
	typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function storedRegistration(staticData: StaticData): Partial<Registration> {
	const events = staticData[STATIC_KEYS.events];
	return {
		endpointId: text(staticData[STATIC_KEYS.endpointId]),
		secret: text(staticData[STATIC_KEYS.secret]),
		url: text(staticData[STATIC_KEYS.url]),
		events: Array.isArray(events)
			? events.filter((event): event is string => typeof event === 'string')
			: undefined,
		registeredAt: numberOr(staticData[STATIC_KEYS.registeredAt], 0),
		rotation: numberOr(staticData[STATIC_KEYS.rotation], 0),
	};
}

function previousSecretsOf(staticData: StaticData): PreviousSecret[] {
	const list = staticData[STATIC_KEYS.previousSecrets];
	if (!Array.isArray(list)) return [];
	return list.flatMap((entry: unknown) => {
		const fields = (entry ?? {}) as Record<string, unknown>;
		const secret = text(fields.secret);
		if (secret === undefined || typeof fields.until !== 'number') return [];
		const kept: PreviousSecret = { secret, until: fields.until };
		if (typeof fields.since === 'number') kept.since = fields.since;
		if (typeof fields.rotation === 'number') kept.rotation = fields.rotation;
		return [kept];
	});
}

/**
 * Whether a previous secret still verifies: under the current rotation, within the grace it was stored with and
 * within the current Previous Secret Grace Period counted from its replacement (lowering the option, to 0 at most,
 * shortens the grace of the secrets already kept).
 */
function stillGraced(entry: PreviousSecret, settings: RegistrationSettings, now: number): boolean {
	if ((entry.rotation ?? 0) !== settings.rotation || entry.until <= now) return false;
	return entry.since === undefined
		? settings.previousSecretMs > 0
		: entry.since + settings.previousSecretMs > now;
}

export function saveRegistration(staticData: StaticData, registration: Registration): void {
	staticData[STATIC_KEYS.endpointId] = registration.endpointId;
	staticData[STATIC_KEYS.secret] = registration.secret;
	staticData[STATIC_KEYS.url] = registration.url;
	staticData[STATIC_KEYS.events] = [...registration.events];
	staticData[STATIC_KEYS.registeredAt] = registration.registeredAt;
	staticData[STATIC_KEYS.rotation] = registration.rotation;
	delete staticData[STATIC_KEYS.releasedAt];
}

const REGISTRATION_KEYS = [
	'endpointId',
	'secret',
	'url',
	'events',
	'registeredAt',
	'rotation',
	'releasedAt',
] as const;

/**
 * Forgets the endpoint; its secret verifies for `graceMs` more, from `since` (its unpublish when released, else
 * now). The previous secrets of another rotation go.
 */
export function replaceRegistration(
	staticData: StaticData,
	graceMs: number,
	now = Date.now(),
	since?: number,
): void {
	const secret = text(staticData[STATIC_KEYS.secret]);
	const rotation = numberOr(staticData[STATIC_KEYS.rotation], 0);
	const releasedAt = staticData[STATIC_KEYS.releasedAt];
	const from = since ?? (typeof releasedAt === 'number' && releasedAt < now ? releasedAt : now);
	const kept = previousSecretsOf(staticData).filter(
		(entry) => entry.until > now && entry.secret !== secret,
	);
	const until = from + graceMs;
	const previous =
		secret !== undefined && until > now
			? [{ secret, until, since: from, rotation }, ...kept]
			: kept;
	staticData[STATIC_KEYS.previousSecrets] = previous.slice(0, PREVIOUS_SECRETS_MAX);
	if (previous.length === 0) delete staticData[STATIC_KEYS.previousSecrets];
	for (const key of REGISTRATION_KEYS) delete staticData[STATIC_KEYS[key]];
}

/** Every secret and registration gone: what Secret Rotation does. */
export function forgetAll(staticData: StaticData): void {
	for (const key of REGISTRATION_KEYS) delete staticData[STATIC_KEYS[key]];
	delete staticData[STATIC_KEYS.previousSecrets];
}

/**
 * The registrations this process made or kept, by workflow and webhook URL: what a run that started before a new
 * registration cannot take away when it writes its static data back. Per process and lost on a restart.
 */
export const known = new Map<string, Registration>();

/** Registrations released by an unpublish in this process, taken back by a publish within the removal delay. */
export const releases = new Map<string, Registration>();

export function keyOf(this: IHookFunctions | IWebhookFunctions, url: string): string {
	return `${this.getWorkflow().id ?? ''} ${url}`;
}

/** The static data holds an older registration than the one this process made: a run wrote it back. */
function rolledBack(staticData: StaticData, remembered: Registration | undefined): boolean {
	if (remembered === undefined) return false;
	const stored = storedRegistration(staticData);
	return (
		stored.endpointId !== remembered.endpointId &&
		(stored.registeredAt ?? 0) < remembered.registeredAt
	);
}

/** Puts a newer registration back over the one a run wrote back; the older secret keeps its grace. */
export function repair(staticData: StaticData, registration: Registration, graceMs: number): void {
	if (!rolledBack(staticData, registration)) return;
	const now = Date.now();
	replaceRegistration(staticData, graceMs, now, Math.min(now, registration.registeredAt));
	saveRegistration(staticData, registration);
}

/**
 * The secrets a delivery to this webhook may be signed with, under the current rotation: the registration this
 * process made when the static data holds an older one (a run wrote it back), else the stored one, and the previous
 * secrets within their grace. `repair` writes the newer registration back; call it once a delivery verified.
 */
export function trustedSecrets(
	this: IWebhookFunctions,
	settings: RegistrationSettings,
	now: number,
): { current: string | undefined; previous: string[]; repair?: () => void } {
	const staticData = this.getWorkflowStaticData('node');
	const url = this.getNodeWebhookUrl('default') ?? '';
	const remembered = known.get(keyOf.call(this, url));
	const stored = storedRegistration(staticData);
	const previous = previousSecretsOf(staticData)
		.filter((entry) => stillGraced(entry, settings, now))
		.map((entry) => entry.secret);
	const storedCurrent = stored.rotation === settings.rotation ? stored.secret : undefined;
	if (
		remembered !== undefined &&
		remembered.rotation === settings.rotation &&
		rolledBack(staticData, remembered)
	) {
		const replaced =
			storedCurrent !== undefined &&
			stillGraced(
				{ secret: storedCurrent, until: Infinity, since: remembered.registeredAt },
				settings,
				now,
			)
				? [storedCurrent]
				: [];
		return {
			current: remembered.secret,
			previous: [...replaced, ...previous.filter((secret) => secret !== remembered.secret)].slice(
				0,
				PREVIOUS_SECRETS_MAX,
			),
			repair: () => repair(staticData, remembered, settings.previousSecretMs),
		};
	}
	return { current: storedCurrent, previous };
}

export const emptyRegistration: Registration = {
	endpointId: '',
	secret: '',
	url: '',
	events: [],
	registeredAt: -Infinity,
	rotation: 0,
};
