'use strict';
/**
 * How the sandbox's sender retries a delivery, as platforms document their webhook senders: `delivery.profile`
 * (SANDBOX_DELIVERY_PROFILE), or per endpoint with `delivery.profileOf(endpoint)`. The profiles and what each gives up
 * on: lab/README.md, "Sender retry profiles".
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
