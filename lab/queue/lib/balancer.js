'use strict';
/**
 * The load balancer in front of the webhook processes, as a queue-mode setup has one, plus the fault that makes a
 * webhook sender retry: an acknowledgement lost on the way back. The request reaches n8n and n8n answers, but the
 * balancer drops the connection instead of passing the answer on, so the sender sees a reset and sends the same
 * delivery (same id, same bytes) again.
 *
 * Routing policies:
 * - `path-hash`: every request for one webhook path goes to the same process (nginx `hash $request_uri consistent`);
 * - `round-robin`: each request to the next process (nginx's default).
 *
 * Every forwarded request is recorded: which process, the delivery id, n8n's status and body, whether the answer
 * was dropped.
 */
const { createHash } = require('crypto');
const http = require('http');

/**
 * @typedef {object} ForwardRecord
 * @property {number} n Request number, from 1.
 * @property {string} upstream Process name.
 * @property {string} path The request's path (the webhook's).
 * @property {string | undefined} deliveryId
 * @property {number | undefined} status n8n's answer (undefined when n8n could not be reached).
 * @property {string} body
 * @property {boolean} dropped Whether the answer was withheld from the sender.
 * @property {number} receivedAt When the request arrived (ms since the epoch).
 * @property {number | undefined} answeredAt When n8n answered (undefined when it did not).
 */

/**
 * @typedef {{ name: string, url: string }} Upstream
 * @typedef {{ upstreams: Upstream[], policy?: 'path-hash' | 'round-robin', dropEvery?: number }} BalancerSettings
 * @typedef {{ status: number, contentType: string | undefined, body: Buffer }} UpstreamAnswer
 */

class Balancer {
	/** @param {BalancerSettings} options */
	constructor(options) {
		/** @type {Upstream[]} */
		this.upstreams = [];
		/** @type {NonNullable<BalancerSettings['policy']>} */
		this.policy = 'path-hash';
		this.dropEvery = 0;
		/** The base URL, once listening. */
		this.url = '';
		this.configure(options);
		/** @type {ForwardRecord[]} */
		this.records = [];
		this.count = 0;
		this.turn = 0;
		this.agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
		this.server = http.createServer((req, res) => void this.forward(req, res));
	}

	/**
	 * Changes upstreams, policy and faults; `dropEvery: k` withholds every k-th answer (0: none).
	 * @param {BalancerSettings} options
	 */
	configure({ upstreams, policy = 'path-hash', dropEvery = 0 }) {
		this.upstreams = upstreams;
		this.policy = policy;
		this.dropEvery = dropEvery;
	}

	/** Listens on 127.0.0.1 and returns the base URL. */
	async listen() {
		await new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(undefined)));
		const address = /** @type {import('net').AddressInfo} */ (this.server.address());
		this.url = `http://127.0.0.1:${address.port}/`;
		return this.url;
	}

	async close() {
		this.agent.destroy();
		await new Promise((resolve) => {
			this.server.close(() => resolve(undefined));
			this.server.closeAllConnections();
		});
	}

	/**
	 * The process a request goes to, by the current policy.
	 * @param {http.IncomingMessage} req
	 */
	choose(req) {
		if (this.policy === 'round-robin') return this.upstreams[this.turn++ % this.upstreams.length];
		const hash = createHash('sha1')
			.update(req.url ?? '')
			.digest()
			.readUInt32BE(0);
		return this.upstreams[hash % this.upstreams.length];
	}

	/**
	 * Passes one request on, records it, and answers the sender (or drops the connection: a lost acknowledgement).
	 * @param {http.IncomingMessage} req
	 * @param {http.ServerResponse} res
	 */
	async forward(req, res) {
		const n = ++this.count;
		const body = await readAll(req);
		const upstream = this.choose(req);
		/** @type {ForwardRecord} */
		const record = {
			n,
			upstream: upstream.name,
			path: req.url ?? '',
			deliveryId: headerValue(req.headers['x-delivery-id']),
			status: undefined,
			body: '',
			dropped: false,
			receivedAt: Date.now(),
			answeredAt: undefined,
		};
		this.records.push(record);
		try {
			const answer = await this.send(upstream.url, req, body);
			record.answeredAt = Date.now();
			record.status = answer.status;
			record.body = answer.body.toString('utf8');
			if (this.dropEvery > 0 && n % this.dropEvery === 0) {
				record.dropped = true;
				req.socket.destroy();
				return;
			}
			res.writeHead(answer.status, { 'content-type': answer.contentType ?? 'text/plain' });
			res.end(answer.body);
		} catch (error) {
			record.body = String(error.code ?? error.message);
			res.writeHead(502, { 'content-type': 'text/plain' });
			res.end('upstream unreachable');
		}
	}

	/**
	 * @param {string} base the upstream's URL
	 * @param {http.IncomingMessage} req
	 * @param {Buffer} body
	 * @returns {Promise<UpstreamAnswer>}
	 */
	send(base, req, body) {
		const target = new URL(req.url ?? '/', base);
		const headers = { ...req.headers, host: target.host, 'content-length': String(body.length) };
		return new Promise((resolve, reject) => {
			const request = http.request(
				target,
				{ method: req.method, headers, agent: this.agent, timeout: 30_000 },
				(response) => {
					readAll(response).then(
						(data) =>
							resolve({
								status: response.statusCode ?? 0,
								contentType: response.headers['content-type'],
								body: data,
							}),
						reject,
					);
				},
			);
			request.on('timeout', () => request.destroy(new Error('upstream timeout')));
			request.on('error', reject);
			request.end(body);
		});
	}
}

/**
 * @param {NodeJS.ReadableStream} stream
 * @returns {Promise<Buffer>}
 */
function readAll(stream) {
	return new Promise((resolve, reject) => {
		/** @type {Buffer[]} */
		const chunks = [];
		stream.on('data', (/** @type {Buffer} */ chunk) => chunks.push(chunk));
		stream.on('end', () => resolve(Buffer.concat(chunks)));
		stream.on('error', reject);
	});
}

/** @param {string | string[] | undefined} value */
const headerValue = (value) => (Array.isArray(value) ? value[0] : value);

module.exports = { Balancer };
