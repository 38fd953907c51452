'use strict';
/**
 * Signed webhook deliveries (names in api/names.js, signing in signature.js).
 *
 * The body `{"id", "event", "charge", "occurred_at"}` is serialized once; every attempt and every redelivery sends
 * those same bytes with the same delivery id, signed at the attempt in the sandbox's signing scheme (signature.js).
 * How a failed attempt is retried is the endpoint's retry profile (retryProfiles.js); by default a non-2xx answer or
 * a network error is retried up to `maxAttempts` times, waiting `baseDelayMs * 2^(attempt - 1)` between attempts, at
 * most `maxDelayMs`. A delivery given up records why in `gaveUp`.
 */
const axios = require('axios').default;
const http = require('http');
const https = require('https');
const { WEBHOOK_PAYLOAD_FIELDS } = require('./api/names');
const { retryDelayMs, retryProfile } = require('./retryProfiles');
const { deliveryHeaders } = require('./signature');
const { newId, nowIso } = require('./store');

class DeliverySender {
	/** @type {import(".").DeliveryRecord[]} */
	records = [];
	payloads = new Map();
	/** Delivery id -> the retry profile of its endpoint when it was created. */
	profiles = new Map();
	/** Delivery id -> token of its active run; a run whose token is no longer here stops. */
	runs = new Map();
	timers = new Map();
	controllers = new Set();
	inFlight = new Set();
	idleWaiters = [];
	nextRunToken = 1;
	stopped = false;
	httpAgent = new http.Agent({ keepAlive: false });
	httpsAgent = new https.Agent({ keepAlive: false });

	options;
	/** Endpoint id -> consecutive failed attempts (pause-endpoint profile). */
	failuresInARow = new Map();
	/** Endpoint ids paused by the pause-endpoint profile. */
	paused = new Set();

	constructor(options) {
		this.options = options;
		if (options.profile !== undefined) retryProfile(options.profile); // an unknown name fails at start
	}

	/** The retry profile of an endpoint: `profileOf(endpoint)` when configured, else `profile`. */
	profileFor(endpoint) {
		const name =
			this.options.profileOf?.(endpoint) ?? this.options.profile ?? 'resend-every-failure';
		return retryProfile(name, { pauseAfter: this.options.pauseAfter });
	}

	/** Creates a delivery of `event` about `charge` to `endpoint` and starts sending it. */
	deliver(endpoint, event, charge) {
		const id = newId();
		const fields = WEBHOOK_PAYLOAD_FIELDS;
		const payload = {
			[fields.id]: id,
			[fields.event]: event,
			[fields.charge]: charge,
			[fields.occurredAt]: nowIso(),
		};
		const body = Buffer.from(JSON.stringify(payload), 'utf8');
		this.payloads.set(id, { body, secret: endpoint.secret });
		const record = {
			id,
			endpointId: endpoint.id,
			chargeId: charge.id,
			event,
			url: endpoint.url,
			attempts: 0,
			lastStatus: null,
			lastError: null,
			delivered: false,
			createdAt: nowIso(),
			deliveredAt: null,
			gaveUp: null,
		};
		this.profiles.set(id, this.profileFor(endpoint));
		this.records.push(record);
		this.startRun(record);
		return record;
	}

	find(id) {
		return this.records.find((record) => record.id === id);
	}

	/** The exact bytes of a delivery (for tests and the admin view). */
	body(id) {
		return this.payloads.get(id)?.body;
	}

	/** Sends a delivery again (same id, same bytes), with a fresh retry budget; replaces a run in progress. */
	redeliver(id) {
		const record = this.find(id);
		if (record) this.startRun(record);
		return record;
	}

	/** Resolves once no delivery is being attempted or waiting for a retry. */
	whenIdle() {
		if (this.runs.size === 0) return Promise.resolve();
		return new Promise((resolve) => this.idleWaiters.push(resolve));
	}

	/** Cancels every pending retry and in-flight attempt, and forgets all deliveries. */
	clear() {
		this.cancelAll();
		this.records.length = 0;
		this.payloads.clear();
		this.profiles.clear();
		this.failuresInARow.clear();
		this.paused.clear();
	}

	/** Cancels everything and releases sockets; no delivery is sent afterwards. */
	async stop() {
		this.stopped = true;
		this.cancelAll();
		await Promise.allSettled([...this.inFlight]);
		this.httpAgent.destroy();
		this.httpsAgent.destroy();
	}

	cancelAll() {
		for (const timer of this.timers.values()) clearTimeout(timer);
		this.timers.clear();
		for (const controller of this.controllers) controller.abort();
		this.controllers.clear();
		this.runs.clear();
		this.notifyIfIdle();
	}

	startRun(record) {
		if (this.stopped) return;
		const pending = this.timers.get(record.id);
		if (pending) clearTimeout(pending);
		this.timers.delete(record.id);
		const token = this.nextRunToken++;
		this.runs.set(record.id, token);
		record.gaveUp = null;
		this.track(this.attempt(record, token, 1));
	}

	track(promise) {
		this.inFlight.add(promise);
		void promise.finally(() => this.inFlight.delete(promise));
	}

	isCurrent(record, token) {
		return !this.stopped && this.runs.get(record.id) === token;
	}

	endRun(record, token) {
		if (this.runs.get(record.id) === token) this.runs.delete(record.id);
		this.notifyIfIdle();
	}

	notifyIfIdle() {
		if (this.runs.size > 0) return;
		const waiters = this.idleWaiters;
		this.idleWaiters = [];
		for (const resolve of waiters) resolve();
	}

	/** Counts an endpoint's consecutive failed attempts; the pause-endpoint profile pauses it at `pauseAfter`. */
	countFailures(endpointId, succeeded, profile) {
		const inARow = succeeded ? 0 : (this.failuresInARow.get(endpointId) ?? 0) + 1;
		this.failuresInARow.set(endpointId, inARow);
		if (profile.pauseAfter === undefined || inARow < profile.pauseAfter) return;
		if (!this.paused.has(endpointId)) {
			this.options.log(`endpoint ${endpointId} paused after ${inARow} failed attempts in a row`);
		}
		this.paused.add(endpointId);
	}

	async attempt(record, token, attemptInRun) {
		const payload = this.payloads.get(record.id);
		if (!payload || !this.isCurrent(record, token)) return;
		const profile = this.profiles.get(record.id) ?? retryProfile('resend-every-failure');
		const settings = profile.settings(this.options);
		if (this.paused.has(record.endpointId)) {
			record.gaveUp = 'endpoint paused';
			this.endRun(record, token);
			return;
		}
		if (profile.dropsDeletedEndpoints && !this.options.endpointExists(record.endpointId)) {
			record.gaveUp = 'endpoint deleted';
			this.endRun(record, token);
			return;
		}
		record.attempts += 1;
		const controller = new AbortController();
		this.controllers.add(controller);
		let succeeded = false;
		try {
			const response = await axios.post(record.url, payload.body, {
				// Signed at each attempt: a timestamped scheme carries the attempt's time.
				headers: deliveryHeaders({
					scheme: this.options.signing,
					secret: payload.secret,
					rawBody: payload.body,
					deliveryId: record.id,
					event: record.event,
				}),
				transformRequest: [(data) => data],
				transformResponse: [(data) => data],
				responseType: 'text',
				validateStatus: () => true,
				maxRedirects: 0,
				proxy: false,
				timeout: settings.timeoutMs,
				signal: controller.signal,
				httpAgent: this.httpAgent,
				httpsAgent: this.httpsAgent,
			});
			record.lastStatus = response.status;
			record.lastError = null;
			succeeded = response.status >= 200 && response.status < 300;
		} catch (error) {
			record.lastStatus = null;
			record.lastError = error.code ?? 'NETWORK_ERROR';
		} finally {
			this.controllers.delete(controller);
		}
		record.delivered = succeeded;
		if (succeeded) record.deliveredAt = nowIso();
		this.options.log(
			`delivery ${record.id} ${record.event} attempt ${record.attempts}: ${record.lastStatus ?? record.lastError}`,
		);
		this.countFailures(record.endpointId, succeeded, profile);
		if (!this.isCurrent(record, token)) return;
		const gaveUp = succeeded
			? null
			: this.paused.has(record.endpointId)
				? 'endpoint paused'
				: profile.isFinal(record.lastStatus)
					? `final ${record.lastStatus}`
					: attemptInRun >= settings.maxAttempts
						? 'attempts exhausted'
						: null;
		if (succeeded || gaveUp !== null) {
			record.gaveUp = gaveUp;
			this.endRun(record, token);
			return;
		}
		const delay = retryDelayMs(settings, attemptInRun);
		const timer = setTimeout(() => {
			this.timers.delete(record.id);
			this.track(this.attempt(record, token, attemptInRun + 1));
		}, delay);
		this.timers.set(record.id, timer);
	}
}

module.exports = { DeliverySender };
