/** The HTTP side of a webhook call, as n8n's server hands it to `webhook()`: an Express-like request and response. */

export type HeaderValues = Record<string, string | string[] | undefined>;

export interface IncomingWebhookRequest {
	method?: string;
	headers: HeaderValues;
	/** The exact body bytes; leave undefined to simulate a request whose raw body n8n did not keep. */
	rawBody?: Buffer;
}

/**
 * Stands in for Express's Response: records the status and body the node sets, and emits `finish` then `close` once
 * the answer is sent, as Node's response does (or `close` alone when the connection drops first).
 */
export class RecordedResponse {
	statusCode = 200;
	body: unknown = undefined;
	headers: Record<string, string> = {};
	finished = false;

	private readonly listeners: Array<{ event: string; listener: () => void }> = [];

	/** Like EventEmitter's `once`, for the events a response emits. */
	once(event: 'finish' | 'close', listener: () => void): this {
		this.listeners.push({ event, listener });
		return this;
	}

	private emit(event: 'finish' | 'close'): void {
		const due = this.listeners.filter((entry) => entry.event === event);
		for (const entry of due) this.listeners.splice(this.listeners.indexOf(entry), 1);
		for (const entry of due) entry.listener();
	}

	get headersSent(): boolean {
		return this.finished;
	}

	status(code: number): this {
		this.statusCode = code;
		return this;
	}

	json(body: unknown): this {
		return this.send(body);
	}

	send(body?: unknown): this {
		return this.end(body);
	}

	/** Like Express, every answer ends here; `finish` only while the caller is still connected. */
	end(body?: unknown): this {
		this.body = body;
		this.finished = true;
		if (!this.hungUp) this.emit('finish');
		this.emit('close');
		return this;
	}

	/** Whether the caller hung up before the answer (a sender's timeout). */
	hungUp = false;

	/** The caller hangs up before any answer: `close` now, no `finish` later. */
	hangUp(): void {
		this.hungUp = true;
		this.emit('close');
	}

	setHeader(name: string, value: string): this {
		this.headers[name.toLowerCase()] = value;
		return this;
	}

	header(name: string, value: string): this {
		return this.setHeader(name, value);
	}

	set(name: string, value: string): this {
		return this.setHeader(name, value);
	}
}

function lowercaseHeaders(headers: HeaderValues): HeaderValues {
	const result: HeaderValues = {};
	for (const [name, value] of Object.entries(headers)) result[name.toLowerCase()] = value;
	return result;
}

/** Like n8n's body parser: JSON bodies parsed, anything else left as an empty object. */
function parsedBody(rawBody: Buffer | undefined): unknown {
	if (!rawBody) return {};
	try {
		return JSON.parse(rawBody.toString('utf8'));
	} catch {
		return {};
	}
}

/** The content types n8n reads and parses for a webhook at typeVersion > 1 (webhook-helpers.js, 1.123 and 2.41). */
function isParsedByN8n(contentType: string): boolean {
	return (
		contentType.startsWith('application/json') ||
		contentType.startsWith('text/plain') ||
		contentType.startsWith('application/x-www-form-urlencoded') ||
		contentType.endsWith('/xml') ||
		contentType.endsWith('+xml')
	);
}

/**
 * An Express-like request as n8n hands it to `webhook()`. Like n8n, the raw body is read for the content types n8n
 * parses; a body of another type is left in the stream, readable once with `readRawBody()` (n8n's rawBodyReader);
 * a multipart body is consumed by n8n's form parser and cannot be read again.
 */
export function webhookRequest(input: IncomingWebhookRequest, path = '/'): Record<string, unknown> {
	const headers = lowercaseHeaders(input.headers);
	const contentType = String(headers['content-type'] ?? '').toLowerCase();
	const unread = !isParsedByN8n(contentType) && !contentType.startsWith('multipart/');
	const request: Record<string, unknown> = {
		method: input.method ?? 'POST',
		url: path,
		path,
		headers,
		rawBody: unread || contentType.startsWith('multipart/') ? undefined : input.rawBody,
		readRawBody: async () => {
			if (unread) request.rawBody = input.rawBody;
		},
		body: parsedBody(input.rawBody),
		params: {},
		query: {},
		header: (name: string) => headers[name.toLowerCase()],
		get: (name: string) => headers[name.toLowerCase()],
	};
	return request;
}
