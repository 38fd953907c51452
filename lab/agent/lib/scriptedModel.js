'use strict';
/**
 * A chat model for n8n's AI Agent that answers from a script instead of thinking: an HTTP server on loopback that
 * speaks the chat-completions protocol (non-streaming `POST /v1/chat/completions`), as n8n's OpenAI chat model node
 * calls it when its credential's base URL points here. Every request is recorded, so a suite can check what n8n sent
 * (the tools and their parameters, the tool answers).
 *
 * A script is chosen by the user's message (its `prompt` is part of it). Its `calls` are answered one per model turn,
 * as tool calls; once every call has had its tool answer, the model ends the run with a plain answer that quotes the
 * last tool answer.
 */
const http = require('http');

/**
 * @typedef {{ tool: string, arguments: Record<string, unknown> }} ScriptedCall
 * @typedef {{ prompt: string, calls: ScriptedCall[] }} Script
 * @typedef {{ role: string, content?: string | null, tool_calls?: Array<{ id: string, function: { name: string, arguments: string } }>,
 *   tool_call_id?: string }} ChatMessage
 * @typedef {{ type: string, function: { name: string, description?: string, parameters?: { properties?: Record<string, unknown>,
 *   required?: string[] } } }} ChatTool
 * @typedef {{ model?: string, messages: ChatMessage[], tools?: ChatTool[], stream?: boolean }} ChatRequest
 */

/** Text of the final answer; the suite finds the tool's answer after it. */
const FINAL_ANSWER_PREFIX = 'The tool answered: ';

/** The chat-completions answer with one assistant message. */
function completion(message, finishReason) {
	return {
		id: `chatcmpl-scripted-${Date.now()}`,
		object: 'chat.completion',
		created: Math.floor(Date.now() / 1000),
		model: 'scripted-model',
		choices: [{ index: 0, message, finish_reason: finishReason }],
		usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
	};
}

/**
 * The next answer for a conversation under `script`: the next scripted tool call, or the final answer.
 * @param {Script | undefined} script
 * @param {ChatMessage[]} messages
 */
function nextAnswer(script, messages) {
	const toolAnswers = messages.filter((m) => m.role === 'tool');
	if (!script)
		return completion({ role: 'assistant', content: 'No script for this request.' }, 'stop');
	const call = script.calls[toolAnswers.length];
	if (call) {
		const id = `call_${toolAnswers.length + 1}`;
		return completion(
			{
				role: 'assistant',
				content: null,
				tool_calls: [
					{
						id,
						type: 'function',
						function: { name: call.tool, arguments: JSON.stringify(call.arguments) },
					},
				],
			},
			'tool_calls',
		);
	}
	const last = toolAnswers[toolAnswers.length - 1];
	return completion(
		{ role: 'assistant', content: `${FINAL_ANSWER_PREFIX}${last?.content ?? ''}` },
		'stop',
	);
}

/** The text of the first user message (a string, or the text parts of a content array). */
function userText(messages) {
	const user = messages.find((m) => m.role === 'user');
	const content = /** @type {unknown} */ (user?.content);
	if (Array.isArray(content)) return content.map((part) => part?.text ?? '').join('');
	return String(content ?? '');
}

class ScriptedModel {
	/** @param {Script[]} scripts */
	constructor(scripts) {
		this.scripts = scripts;
		/** @type {Array<{ path: string, body: ChatRequest }>} Every chat request received, in order. */
		this.requests = [];
		/** @type {http.Server | undefined} */
		this.server = undefined;
		this.url = '';
	}

	/** Listens on a free loopback port; returns the base URL for the credential (`http://127.0.0.1:<port>/v1`). */
	async start() {
		this.server = http.createServer((req, res) => this.handle(req, res));
		await new Promise((resolve) => this.server?.listen(0, '127.0.0.1', () => resolve(undefined)));
		const address = /** @type {import('net').AddressInfo} */ (this.server.address());
		this.url = `http://127.0.0.1:${address.port}/v1`;
		return this.url;
	}

	async stop() {
		await new Promise((resolve) =>
			this.server ? this.server.close(() => resolve(undefined)) : resolve(undefined),
		);
	}

	/** The requests of the conversation started by `prompt`. */
	requestsFor(prompt) {
		return this.requests
			.filter((r) => userText(r.body.messages).includes(prompt))
			.map((r) => r.body);
	}

	/**
	 * @param {http.IncomingMessage} req
	 * @param {http.ServerResponse} res
	 */
	handle(req, res) {
		const chunks = /** @type {Buffer[]} */ ([]);
		req.on('data', (chunk) => chunks.push(chunk));
		req.on('end', () => {
			const reply = (status, body) => {
				res.writeHead(status, { 'content-type': 'application/json' });
				res.end(JSON.stringify(body));
			};
			if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
				return reply(404, { error: { message: `${req.method} ${req.url} is not scripted` } });
			}
			/** @type {ChatRequest} */
			let body;
			try {
				body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
			} catch {
				return reply(400, { error: { message: 'the body is not JSON' } });
			}
			this.requests.push({ path: req.url, body });
			if (body.stream) return reply(400, { error: { message: 'streaming is not scripted' } });
			const text = userText(body.messages ?? []);
			const script = this.scripts.find((s) => text.includes(s.prompt));
			reply(200, nextAnswer(script, body.messages ?? []));
		});
	}
}

module.exports = { FINAL_ANSWER_PREFIX, ScriptedModel };
