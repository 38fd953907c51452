'use strict';
/**
 * A TCP pass-through in front of Redis, so that the suite can make Redis unreachable for a few seconds whether it
 * started Redis itself or was given one (CI's service container): while cut, every open connection is reset and every
 * new one is closed at once, as when the network to Redis fails.
 */
const net = require('net');

class TcpGate {
	/** @param {{ host: string, port: number }} target */
	constructor(target) {
		this.target = target;
		/** @type {Set<net.Socket>} */
		this.sockets = new Set();
		this.cut = false;
		this.server = net.createServer((client) => this.accept(client));
		this.port = 0;
	}

	/** @returns {Promise<{ host: string, port: number }>} the address to connect to instead of the target */
	async listen() {
		await new Promise((resolve) => this.server.listen(0, '127.0.0.1', () => resolve(undefined)));
		const address = this.server.address();
		this.port = typeof address === 'object' && address ? address.port : 0;
		return { host: '127.0.0.1', port: this.port };
	}

	/** @param {net.Socket} client */
	accept(client) {
		if (this.cut) {
			client.destroy();
			return;
		}
		const upstream = net.connect(this.target.port, this.target.host);
		for (const socket of [client, upstream]) {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
			socket.on('error', () => undefined);
		}
		client.pipe(upstream);
		upstream.pipe(client);
		client.on('close', () => upstream.destroy());
		upstream.on('close', () => client.destroy());
	}

	/**
	 * Makes the target unreachable for `ms`, then reachable again.
	 * @param {number} ms
	 */
	async cutFor(ms) {
		this.cut = true;
		for (const socket of this.sockets) socket.resetAndDestroy?.() ?? socket.destroy();
		await new Promise((resolve) => setTimeout(resolve, ms));
		this.cut = false;
	}

	async close() {
		for (const socket of this.sockets) socket.destroy();
		await new Promise((resolve) => this.server.close(() => resolve(undefined)));
	}
}

module.exports = { TcpGate };
