/**
 * How the platform is answered and what counts as n8n's answer that the event ran (docs/trigger.md, "What n8n
 * guarantees and what the trigger adds"), and the refusals log.
 */
import type {
	IWebhookDescription,
	IWebhookFunctions,
	IWebhookResponseData,
	Logger,
} from 'n8n-workflow';
import { sleep } from 'n8n-workflow';
import {
	clearInFlight,
	hasSeenDelivery,
	isInFlight,
	markInFlight,
	rememberDeliveries,
} from './delivery';
import { recordAnswer, triggerKey } from './deliveryStore';
import { acknowledgeMode, type AcknowledgeMode, type WindowSettings } from './settings';

/** Platforms that read it wait this long; the others resend on their own schedule, which is fine too. */
const RETRY_RUNNING_DELIVERY_AFTER_SECONDS = 10;

/** At most one refusal line per webhook in this time; the refusals between are counted in the next line. */
const REFUSAL_LOG_EVERY_MS = 60_000;

/**
 * n8n 2.x reads a webhook description field through this key without its expression engine when the parameters are
 * static (n8n 1.x, which does not know the global symbol, evaluates the template): no expression isolate per
 * delivery (lab/reports/performance.md).
 */
const WEBHOOK_RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers');

type Parameters = Record<string, unknown>;

const responseMode = {
	template: '={{$parameter["acknowledge"] === "lastNode" ? "lastNode" : "onReceived"}}',
	resolve: (parameters: Parameters) => acknowledgeMode(parameters.acknowledge),
};

/**
 * When received, the node's own `{"received": true}`; after the run, an empty 2xx: n8n's other choices would send
 * the workflow's data to the platform.
 */
const responseData = {
	template: '={{$parameter["acknowledge"] === "lastNode" ? "noData" : ""}}',
	resolve: (parameters: Parameters) =>
		acknowledgeMode(parameters.acknowledge) === 'lastNode' ? 'noData' : '',
};

export const acknowledgeWebhookFields = {
	responseMode: responseMode.template,
	responseData: responseData.template,
	[WEBHOOK_RESOLVERS]: { responseMode, responseData },
} as unknown as Pick<IWebhookDescription, 'responseMode' | 'responseData'>;

export const ACCEPTED_ANSWER = { received: true };

export function respond(
	this: IWebhookFunctions,
	status: number,
	body: Record<string, unknown>,
	headers: Record<string, string> = {},
): IWebhookResponseData {
	const response = this.getResponseObject();
	for (const [name, value] of Object.entries(headers)) response.setHeader(name, value);
	response.status(status).json(body);
	return { noWebhookResponse: true };
}

const UNCONFIRMED_ANSWER = JSON.stringify({
	message:
		'n8n answered without confirming that the workflow succeeded (an execution that ended without its data); send the event again',
});

type End = (...args: unknown[]) => unknown;

/**
 * When received, any 2xx: n8n has taken the execution. After the workflow succeeds, only the empty 2xx n8n writes
 * for a successful run: its other 2xx ("... no data was returned") are written for an execution that ended without
 * its run data.
 */
function confirmsRun(mode: AcknowledgeMode, status: number, chunk: unknown): boolean {
	if (status < 200 || status >= 300) return false;
	if (mode === 'onReceived') return true;
	return (
		chunk === undefined || chunk === null || (typeof chunk !== 'function' && String(chunk) === '')
	);
}

/**
 * Calls `handle(confirmed)` when n8n ends the response (also after the caller hung up: then there is no 'finish'
 * event). After the workflow succeeds, an unconfirmed 2xx becomes a 500, so that the platform sends it again.
 */
function onAnswer(
	this: IWebhookFunctions,
	mode: AcknowledgeMode,
	handle: (confirmed: boolean) => void,
): void {
	const response = this.getResponseObject();
	const end = response.end.bind(response) as End;
	response.end = ((...args: unknown[]) => {
		const chunk = typeof args[0] === 'function' ? undefined : args[0];
		const confirmed = confirmsRun(mode, response.statusCode, chunk);
		handle(confirmed);
		if (!confirmed && mode === 'lastNode' && response.statusCode < 300 && !response.headersSent) {
			response.statusCode = 500;
			response.setHeader('Content-Type', 'application/json; charset=utf-8');
			response.setHeader('Content-Length', String(Buffer.byteLength(UNCONFIRMED_ANSWER)));
			return end(UNCONFIRMED_ANSWER);
		}
		return end(...args);
	}) as typeof response.end;
}

/**
 * A delivery already run gets 200, one still running 503 with Retry-After (every retry policy reads it as "later",
 * where a 4xx may end the retries); else undefined and it runs. No await between a check and its update. A delivery
 * is remembered only once n8n's answer confirms it ran; until then, for `runningAtMostSeconds` at most, it is marked
 * running, and an unconfirmed answer leaves it free to run again. After the workflow succeeds, n8n's answer also goes
 * to n8n's deduplication store (deliveryStore.ts), which every process reads; a test run's never does.
 */
export function admitOnce(
	this: IWebhookFunctions,
	webhook: string,
	keys: readonly string[],
	mode: AcknowledgeMode,
	duplicates: WindowSettings | undefined,
): IWebhookResponseData | undefined {
	if (duplicates === undefined) {
		if (mode === 'lastNode') onAnswer.call(this, mode, () => undefined);
		return undefined;
	}
	const { bounds, runningAtMostSeconds } = duplicates;
	if (hasSeenDelivery(webhook, keys, Date.now(), bounds)) {
		return respond.call(this, 200, { received: true, ignored: 'duplicate delivery' });
	}
	if (isInFlight(webhook, keys, Date.now())) {
		return respond.call(
			this,
			503,
			{ message: 'This delivery is still running; send it again later' },
			{ 'Retry-After': String(RETRY_RUNNING_DELIVERY_AFTER_SECONDS) },
		);
	}
	const attempt = markInFlight(webhook, keys, runningAtMostSeconds, Date.now());
	const trigger = triggerKey(this.getWorkflow().id, this.getNode().id);
	const recorded = mode === 'lastNode' && this.getMode() !== 'manual';
	onAnswer.call(this, mode, (confirmed) => {
		if (confirmed) rememberDeliveries(webhook, keys, Date.now(), bounds);
		if (recorded) {
			for (const key of keys) recordAnswer(trigger, key, confirmed, bounds.maxIds, this.logger);
		}
		clearInFlight(webhook, keys, attempt);
	});
	return undefined;
}

export const REFUSALS = {
	invalid: 'Missing or invalid signature',
	outsideTolerance: 'Signature timestamp outside the tolerance',
	noSecret: 'Missing or invalid signature',
	unreadable: 'Missing or invalid signature',
	tooLarge:
		'The body is larger than this webhook accepts; it was not verified. Send it again later.',
} as const;

/**
 * A body over Options → Maximum Body Size may be the platform's own: 503, which every sender retries (a 4xx, 413
 * included, is final for many), so that it runs once the user raises the limit (docs/design.md).
 */
export const REFUSAL_STATUS: Record<keyof typeof REFUSALS, 401 | 503> = {
	invalid: 401,
	outsideTolerance: 401,
	noSecret: 401,
	unreadable: 401,
	tooLarge: 503,
};

/** In the log's words; never a secret or a signature value. */
const REFUSAL_REASONS: Record<keyof typeof REFUSALS, string> = {
	invalid: 'no signature matches the endpoint secret',
	outsideTolerance: "the signature's timestamp is outside the Timestamp Tolerance",
	noSecret: 'the trigger has no endpoint secret (publish the workflow again to register it)',
	unreadable: 'n8n did not keep the raw body (a multipart body cannot be verified)',
	tooLarge:
		'the body is over Options → Maximum Body Size, so it was not verified (if the platform sends deliveries this large, raise it: the next attempt runs)',
};

export interface Refusal {
	reason: keyof typeof REFUSALS;
	contentType: string | undefined;
	bytes: number;
	signatureHeaders: string[];
}

interface RefusalLogState {
	loggedAt: number;
	pending: Map<Refusal['reason'], number>;
	flushing: boolean;
}

const refusalLog = new Map<string, RefusalLogState>();

function pendingStatuses(pending: RefusalLogState['pending']): string {
	return [...new Set([...pending.keys()].map((reason) => REFUSAL_STATUS[reason]))].join(' or ');
}

function pendingSummary(pending: RefusalLogState['pending']): string {
	return [...pending].map(([reason, count]) => `${count} × ${REFUSAL_REASONS[reason]}`).join(', ');
}

/**
 * At most one line per REFUSAL_LOG_EVERY_MS per webhook: a user whose secret went stale, or whose platform signs
 * otherwise, sees it in n8n's log without a flood.
 */
export function logRefusal(
	logger: Logger,
	webhook: string,
	workflow: string,
	refusal: Refusal,
): void {
	const now = Date.now();
	const state = refusalLog.get(webhook);
	const where = `Payment Platform Trigger in workflow "${workflow}"`;
	if (state !== undefined && now - state.loggedAt < REFUSAL_LOG_EVERY_MS) {
		state.pending.set(refusal.reason, (state.pending.get(refusal.reason) ?? 0) + 1);
		if (state.flushing) return;
		state.flushing = true;
		void sleep(state.loggedAt + REFUSAL_LOG_EVERY_MS - now).then(() => {
			state.flushing = false;
			if (state.pending.size === 0) return;
			logger.warn(
				`${where} answered ${pendingStatuses(state.pending)} to more deliveries in the last minute: ${pendingSummary(state.pending)}.`,
				{ refusals: Object.fromEntries(state.pending) },
			);
			state.pending = new Map();
			state.loggedAt = Date.now();
		});
		return;
	}
	const unwritten =
		state !== undefined && state.pending.size > 0
			? ` (before it, not yet written: ${pendingSummary(state.pending)})`
			: '';
	refusalLog.set(webhook, { loggedAt: now, pending: new Map(), flushing: false });
	const headers =
		refusal.signatureHeaders.length > 0 ? refusal.signatureHeaders.join(', ') : 'none';
	logger.warn(
		`${where} answered ${REFUSAL_STATUS[refusal.reason]} to a delivery: ${REFUSAL_REASONS[refusal.reason]}${unwritten}. Content-Type ${refusal.contentType ?? 'none'}, ${refusal.bytes} bytes, signature headers: ${headers}.`,
		{ reason: refusal.reason, signatureHeaders: refusal.signatureHeaders },
	);
}

interface PausingNode {
	name: string;
	why: string;
}

/** A Wait under 65 s sleeps in the run (n8n's threshold); a longer one pauses it. */
const WAIT_SECONDS_PER_UNIT: Record<string, number> = {
	seconds: 1,
	minutes: 60,
	hours: 3600,
	days: 86_400,
};
const IN_RUN_WAIT_SECONDS = 65;

/**
 * A Wait that resumes on a webhook, a form, at a time or after 65 s or more; a Form; "Send and Wait"; a human-review
 * tool: n8n answers 2xx when they pause.
 */
export function pausingNodesAfter(
	children: ReadonlyArray<{
		name: string;
		type: string;
		disabled?: boolean;
		parameters?: Parameters;
	}>,
): PausingNode[] {
	return children.flatMap((node): PausingNode[] => {
		if (node.disabled === true) return [];
		const parameters = node.parameters ?? {};
		if (parameters.operation === 'sendAndWait') return [{ name: node.name, why: 'Send and Wait' }];
		if (node.type.endsWith('HitlTool')) return [{ name: node.name, why: 'human review' }];
		if (node.type === 'n8n-nodes-base.form') return [{ name: node.name, why: 'a form' }];
		if (node.type !== 'n8n-nodes-base.wait') return [];
		const resume = parameters.resume ?? 'timeInterval';
		if (resume !== 'timeInterval')
			return [{ name: node.name, why: `Wait (resume: ${String(resume)})` }];
		const seconds =
			Number(parameters.amount ?? 1) *
			(WAIT_SECONDS_PER_UNIT[String(parameters.unit ?? 'hours')] ?? NaN);
		return Number.isFinite(seconds) && seconds < IN_RUN_WAIT_SECONDS
			? []
			: [{ name: node.name, why: 'Wait of 65 seconds or more' }];
	});
}
