'use strict';
/**
 * An SMTP server on loopback that accepts every message and keeps it: the inbox of the person n8n's Send Email node
 * asks for approval. It speaks the few commands nodemailer (n8n's mailer) sends to a server that offers no TLS and no
 * authentication (EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT), and decodes the body of a single-part message (7bit,
 * quoted-printable or base64), which is what n8n sends for a send-and-wait e-mail. Written here rather than taken from
 * a library: a test inbox needs a dozen lines of the protocol, not a mail server.
 */
const net = require('net');

/**
 * @typedef {{ from: string, to: string[], headers: Record<string, string>, body: string, receivedAt: number }} Mail
 */

/** The body of a single-part message, decoded by its Content-Transfer-Encoding. */
function decodeBody(headers, raw) {
	const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase();
	if (encoding === 'base64') return Buffer.from(raw.replace(/\s+/g, ''), 'base64').toString('utf8');
	if (encoding === 'quoted-printable') {
		const bytes = raw
			.replace(/=\r?\n/g, '')
			.replace(/=([0-9A-F]{2})/gi, (_match, hex) => String.fromCharCode(parseInt(hex, 16)));
		return Buffer.from(bytes, 'latin1').toString('utf8');
	}
	return raw;
}

/** Splits a message into headers (names lower-cased, folded lines joined) and decoded body. */
function parseMessage(text) {
	const split = text.indexOf('\r\n\r\n');
	const head = split === -1 ? text : text.slice(0, split);
	const raw = split === -1 ? '' : text.slice(split + 4);
	/** @type {Record<string, string>} */
	const headers = {};
	for (const line of head.replace(/\r\n[ \t]+/g, ' ').split('\r\n')) {
		const colon = line.indexOf(':');
		if (colon > 0)
			headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
	}
	// Dot-stuffing: a line that starts with a dot was sent with one more.
	return { headers, body: decodeBody(headers, raw.replace(/^\.\./gm, '.')) };
}

class Mailbox {
	/** @type {Mail[]} */
	mails = [];
	/** @type {net.Server | undefined} */
	server = undefined;
	port = 0;

	/** Listens on a free loopback port; returns it. */
	async start() {
		this.server = net.createServer((socket) => this.session(socket));
		await new Promise((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve(undefined)));
		this.port = /** @type {net.AddressInfo} */ (this.server.address()).port;
		return this.port;
	}

	async stop() {
		await new Promise((resolve) =>
			this.server ? this.server.close(() => resolve(undefined)) : resolve(undefined),
		);
	}

	/**
	 * The first mail received at or after `since` (ms) whose subject contains `subject`.
	 * @returns {Mail | undefined}
	 */
	find(subject, since) {
		return this.mails.find(
			(m) => m.receivedAt >= since && (m.headers.subject ?? '').includes(subject),
		);
	}

	/**
	 * Answers one command line; returns 'data' when the message itself follows.
	 * @param {string} line
	 * @param {{ from: string, to: string[] }} envelope
	 * @param {(line: string) => void} reply
	 * @param {net.Socket} socket
	 */
	command(line, envelope, reply, socket) {
		switch (line.slice(0, 4).toUpperCase()) {
			case 'EHLO':
			case 'HELO':
				return reply('250 mailbox.test');
			case 'MAIL':
				envelope.from = line.slice(10).trim();
				return reply('250 OK');
			case 'RCPT':
				envelope.to.push(line.slice(8).trim());
				return reply('250 OK');
			case 'DATA':
				reply('354 End data with <CR><LF>.<CR><LF>');
				return 'data';
			case 'RSET':
				envelope.from = '';
				envelope.to = [];
				return reply('250 OK');
			case 'NOOP':
				return reply('250 OK');
			case 'QUIT':
				reply('221 Bye');
				return socket.end();
			default:
				return reply('502 Command not implemented');
		}
	}

	/** @param {net.Socket} socket */
	session(socket) {
		const reply = (line) => socket.write(`${line}\r\n`);
		let buffer = '';
		let inData = false;
		/** @type {{ from: string, to: string[] }} */
		let envelope = { from: '', to: [] };
		socket.setEncoding('latin1');
		socket.on('error', () => socket.destroy());
		reply('220 mailbox.test ESMTP');
		socket.on('data', (chunk) => {
			buffer += chunk;
			for (;;) {
				if (inData) {
					const end = buffer.indexOf('\r\n.\r\n');
					if (end === -1) return;
					const message = buffer.slice(0, end);
					buffer = buffer.slice(end + 5);
					inData = false;
					this.mails.push({ ...envelope, ...parseMessage(message), receivedAt: Date.now() });
					envelope = { from: '', to: [] };
					reply('250 OK: queued');
					continue;
				}
				const newline = buffer.indexOf('\r\n');
				if (newline === -1) return;
				const line = buffer.slice(0, newline);
				buffer = buffer.slice(newline + 2);
				inData = this.command(line, envelope, reply, socket) === 'data';
			}
		});
	}
}

/** The links of an HTML body, in order, with their text. */
function links(html) {
	const found = [];
	for (const match of html.matchAll(/<a\s[^>]*href="([^"]+)"[^>]*>([\s\S]*?)<\/a>/gi)) {
		found.push({
			url: match[1].replace(/&amp;/g, '&'),
			text: match[2].replace(/<[^>]+>/g, '').trim(),
		});
	}
	return found;
}

module.exports = { Mailbox, links };
