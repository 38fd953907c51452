/**
 * How the platform is answered: the Acknowledge parameter's webhook fields, the answers the node gives itself (401,
 * 200 ignored, 503 still running), what counts as n8n's answer that the event ran, and the refusals log.
 * docs/trigger.md ("What n8n guarantees and what the trigger adds") says what each answer means on each n8n line.
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
import { acknowledgeMode, type AcknowledgeMode, type WindowSettings } from './properties';

/**
 * The Retry-After (seconds) sent with the 503 that answers a resend of a delivery still running. Platforms that read
 * it wait this long; the others resend on their own schedule, which is fine too (docs/reliability.md).
 */
const RETRY_RUNNING_DELIVERY_AFTER_SECONDS = 10;

/** At most one refusal line per webhook in this time; the refusals between are counted in the next line. */
const REFUSAL_LOG_EVERY_MS = 60_000;

/**
 * n8n 2.x reads a webhook description field through this registry key without its expression engine when the
 * node's parameters are static (n8n-workflow's `webhookDescriptionFields`; the key is a global symbol, so n8n 1.x,
 * which does not know it, evaluates the template instead). Without it, every delivery would need an expression
 * isolate just to read the two fields below (see docs/performance.md, "What the trigger makes n8n do").
 */
const WEBHOOK_RESOLVERS = Symbol.for('n8n.webhookDescriptionResolvers');

type Parameters = Record<string, unknown>;

const responseMode = {
	template: '={{$parameter["acknowledge"] === "lastNode" ? "lastNode" : "onReceived"}}',
	resolve: (parameters: Parameters) => acknowledgeMode(parameters.acknowledge),
};

/**
 * When received, the answer is the node's own `{"received": true}` (an empty responseData); after the run, an
 * empty 2xx: n8n's other choices would send the last node's output, the workflow's data, to the platform.
 */
const responseData = {
	template: '={{$parameter["acknowledge"] === "lastNode" ? "noData" : ""}}',
	resolve: (parameters: Parameters) =>
		acknowledgeMode(parameters.acknowledge) === 'lastNode' ? 'noData' : '',
};

/** The webhook description's answer fields for the Acknowledge parameter. */
export const acknowledgeWebhookFields = {
	responseMode: responseMode.template,
	responseData: responseData.template,
	[WEBHOOK_RESOLVERS]: { responseMode, responseData },
} as unknown as Pick<IWebhookDescription, 'responseMode' | 'responseData'>;

/** The body n8n sends back when the delivery starts the workflow (When Received). */
export const ACCEPTED_ANSWER = { received: true };

/** Answers the request directly; the workflow does not run. */
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

/** What the platform is told instead of a 2xx that does not say the run succeeded. */
const UNCONFIRMED_ANSWER = JSON.stringify({
	message:
		'n8n answered without confirming that the workflow succeeded (an execution that ended without its data); send the event again',
});

type End = (...args: unknown[]) => unknown;

/**
 * Whether n8n's answer says the event ran. When received, any 2xx: n8n has taken the execution. After the workflow
 * succeeds, only the empty 2xx that n8n writes for a successful run (responseData "noData"): its other 2xx carry a
 * message ("Workflow executed successfully but no data was returned", "... the last node did not return any data"),
 * which n8n writes for an execution that ended without its run data, so nothing says it ran.
 */
function confirmsRun(mode: AcknowledgeMode, status: number, chunk: unknown): boolean {
	if (status < 200 || status >= 300) return false;
	if (mode === 'onReceived') return true;
	return (
		chunk === undefined || chunk === null || (typeof chunk !== 'function' && String(chunk) === '')
	);
}

/**
 * Calls `onAnswer(confirmed)` when n8n ends the response, as it does when it answers (also when the caller has hung
 * up meanwhile, a platform's timeout: then there is no 'finish' event, so the answer is taken where n8n gives it).
 * After the workflow succeeds, an unconfirmed 2xx is answered 500 instead, so that the platform sends it again.
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
 * Admits a delivery once: the answer for a delivery already run (200 duplicate) or still running (503 with
 * Retry-After: every retry policy reads it as "come back later", where a 4xx may end the platform's retries), else
 * undefined and the delivery runs. Each check and its update run without an await between them.
 *
 * A delivery is remembered only when n8n's answer confirms it ran (confirmsRun), in both modes: until then (for
 * `runningAtMostSeconds` at most, as the run may be lost without a word) it is marked running; an answer that is not
 * a confirmation (n8n could not start the execution, the run failed) leaves it free to run when the platform resends
 * it. `duplicates` false: nothing is remembered, but After the Workflow Succeeds still confirms its 2xx.
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
	onAnswer.call(this, mode, (confirmed) => {
		if (confirmed) rememberDeliveries(webhook, keys, Date.now(), bounds);
		clearInFlight(webhook, keys, attempt);
	});
	return undefined;
}

/** What a sender is told when its delivery is refused. */
export const REFUSALS = {
	invalid: 'Missing or invalid signature',
	outsideTolerance: 'Signature timestamp outside the tolerance',
	noSecret: 'Missing or invalid signature',
	unreadable: 'Missing or invalid signature',
} as const;

/** Why a delivery was refused, in the log's words (never a secret or a signature value). */
const REFUSAL_REASONS: Record<keyof typeof REFUSALS, string> = {
	invalid: 'no signature matches the endpoint secret',
	outsideTolerance: "the signature's timestamp is outside the Timestamp Tolerance",
	noSecret: 'the trigger has no endpoint secret (publish the workflow again to register it)',
	unreadable: 'n8n did not keep the raw body (a multipart body cannot be verified)',
};

export interface Refusal {
	reason: keyof typeof REFUSALS;
	contentType: string | undefined;
	bytes: number;
	/** The names of the signature headers the request carried. */
	signatureHeaders: string[];
}

interface RefusalLogState {
	loggedAt: number;
	/** The refusals since the last line, by reason; written by the next line or at the end of the minute. */
	pending: Map<Refusal['reason'], number>;
	flushing: boolean;
}

const refusalLog = new Map<string, RefusalLogState>();

/** "2 × no signature matches the endpoint secret, 1 × ..." */
function pendingSummary(pending: RefusalLogState['pending']): string {
	return [...pending].map(([reason, count]) => `${count} × ${REFUSAL_REASONS[reason]}`).join(', ');
}

/**
 * Logs a refusal at warn level, at most one line per REFUSAL_LOG_EVERY_MS per webhook: the first at once, the ones
 * after it counted by reason and written in one line at the end of that time. A user whose secret went stale, or
 * whose platform signs otherwise, sees it in n8n's log.
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
				`${where} answered 401 to more deliveries in the last minute: ${pendingSummary(state.pending)}.`,
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
		`${where} answered 401 to a delivery: ${REFUSAL_REASONS[refusal.reason]}${unwritten}. Content-Type ${refusal.contentType ?? 'none'}, ${refusal.bytes} bytes, signature headers: ${headers}.`,
		{ reason: refusal.reason, signatureHeaders: refusal.signatureHeaders },
	);
}

/** A node after the trigger that can pause the execution (n8n answers 2xx when it pauses), with why. */
interface PausingNode {
	name: string;
	why: string;
}

/** The parameters that make a Wait node pause rather than sleep in the run (65 s or more, n8n's threshold). */
const WAIT_SECONDS_PER_UNIT: Record<string, number> = {
	seconds: 1,
	minutes: 60,
	hours: 3600,
	days: 86_400,
};
const IN_RUN_WAIT_SECONDS = 65;

/**
 * The nodes after the trigger that may put the execution to wait: a Wait node that resumes on a webhook, a form, at
 * a time or after 65 s or more; a Form node; any "Send and Wait" operation; a human-review tool.
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
