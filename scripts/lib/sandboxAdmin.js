'use strict';
/**
 * The sandbox's admin routes (`/__admin`, no authentication) over HTTP, as a test outside the sandbox's process
 * sees them. Each method returns the `data` of the sandbox envelope.
 */

class SandboxAdmin {
	/** @param {string} url The sandbox base URL, e.g. http://127.0.0.1:4010 */
	constructor(url) {
		this.url = url.replace(/\/+$/, '');
	}

	async call(method, path, body) {
		const response = await fetch(`${this.url}/__admin${path}`, {
			method,
			headers: body === undefined ? {} : { 'content-type': 'application/json' },
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(30_000),
		});
		const text = await response.text();
		const envelope = text ? JSON.parse(text) : {};
		if (!response.ok) {
			throw new Error(
				`sandbox ${method} /__admin${path} answered ${response.status}: ${text.slice(0, 300)}`,
			);
		}
		return envelope.data;
	}

	/** Back to the seed state (also forgets webhook endpoints, deliveries, requests and the sink). */
	reset() {
		return this.call('POST', '/reset');
	}

	/** @returns {Promise<Array<{ method: string, path: string, query: object, body?: any, parts?: any[], status?: number }>>} */
	requests() {
		return this.call('GET', '/requests');
	}

	clearRequests() {
		return this.call('DELETE', '/requests');
	}

	/** @returns {Promise<Array<{ id: string, url: string, events: string[], status: string }>>} */
	webhookEndpoints() {
		return this.call('GET', '/webhook-endpoints');
	}

	/** @returns {Promise<Array<{ id: string, endpointId: string, event: string, url: string, attempts: number, lastStatus: number | null, delivered: boolean, body: string }>>} */
	deliveries() {
		return this.call('GET', '/deliveries');
	}

	/** Sets the charge's status for the event (or records a chargeback) and starts the deliveries. */
	chargeEvent(chargeId, event) {
		return this.call('POST', `/charges/${chargeId}/events`, { event });
	}

	redeliver(deliveryId) {
		return this.call('POST', `/deliveries/${deliveryId}/redeliver`);
	}

	sink() {
		return this.call('GET', '/sink');
	}
}

module.exports = { SandboxAdmin };
