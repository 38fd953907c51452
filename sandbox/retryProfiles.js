'use strict';
/**
 * How the sandbox's sender retries a delivery, as platforms document their webhook senders (lab/README.md,
 * "Sender retry profiles"). Selected by configuration: `delivery.profile` (SANDBOX_DELIVERY_PROFILE), or per endpoint
 * with `delivery.profileOf(endpoint)`.
 *
 * - `resend-every-failure`: every non-2xx answer, timeout or network error is retried with exponential back-off,
 *   up to the sender's `maxAttempts` (the sandbox's behaviour so far).
 * - `stop-at-4xx`: the same, but a 4xx answer is final (Zapier, Sanity and others document this).
 * - `short-timeout`: a 5 s timeout and 3 retries, 5 s, 15 s and 45 s apart (Pusher-like senders: a few seconds to
 *   answer, a few retries).
 * - `pause-endpoint`: like the first, but after `pauseAfter` consecutive failed attempts to an endpoint it is paused:
 *   nothing more is sent to it, and its pending deliveries are given up (AhaSend, Stripe and others disable an
 *   endpoint that keeps failing).
 * - `drop-deleted-endpoint`: like the first, but the retries of an endpoint that has been deleted are given up
 *   (Stripe drops the pending retries of a deleted endpoint), where the others keep resending to its URL with the
 *   delivery's original signature.
 */

/**
 * @typedef {{ maxAttempts: number, baseDelayMs: number, maxDelayMs: number, timeoutMs: number }} SenderSettings
 * @typedef {{
 *   name: string,
 *   settings: (sender: SenderSettings) => SenderSettings & { factor: number },
 *   isFinal: (status: number | null) => boolean,
 *   pauseAfter?: number,
 *   dropsDeletedEndpoints?: boolean,
 * }} RetryProfile
 */

const PROFILE_NAMES = [
	'resend-every-failure',
	'stop-at-4xx',
	'short-timeout',
	'pause-endpoint',
	'drop-deleted-endpoint',
];

/** Consecutive failed attempts after which `pause-endpoint` pauses an endpoint, unless configured otherwise. */
const DEFAULT_PAUSE_AFTER = 20;

const never = () => false;

/**
 * @param {string} name
 * @param {{ pauseAfter?: number }} [options]
 * @returns {RetryProfile}
 */
function retryProfile(name, options = {}) {
	const asSender = (/** @type {SenderSettings} */ sender) => ({ ...sender, factor: 2 });
	switch (name) {
		case 'resend-every-failure':
			return { name, settings: asSender, isFinal: never };
		case 'stop-at-4xx':
			return {
				name,
				settings: asSender,
				isFinal: (status) => status !== null && status >= 400 && status < 500,
			};
		case 'short-timeout':
			return {
				name,
				settings: () => ({
					maxAttempts: 4,
					baseDelayMs: 5_000,
					maxDelayMs: Infinity,
					timeoutMs: 5_000,
					factor: 3,
				}),
				isFinal: never,
			};
		case 'drop-deleted-endpoint':
			return { name, settings: asSender, isFinal: never, dropsDeletedEndpoints: true };
		case 'pause-endpoint':
			return {
				name,
				settings: asSender,
				isFinal: never,
				pauseAfter: Math.max(1, options.pauseAfter ?? DEFAULT_PAUSE_AFTER),
			};
		default:
			throw new Error(
				`Unknown delivery retry profile "${name}" (profiles: ${PROFILE_NAMES.join(', ')})`,
			);
	}
}

/** The wait before attempt `attemptInRun + 1`. */
function retryDelayMs(/** @type {SenderSettings & { factor: number }} */ settings, attemptInRun) {
	return Math.min(
		settings.baseDelayMs * settings.factor ** (attemptInRun - 1),
		settings.maxDelayMs,
	);
}

module.exports = { retryDelayMs, retryProfile };
