/**
 * Runs the Payment Platform Trigger in-process through n8n-core's real contexts, the way n8n's server does:
 * - activation and deactivation call `webhookMethods.default` in a HookContext (checkExists, then create when it
 *   answers false; delete), as n8n's WebhookService does;
 * - a request calls `webhook()` in a WebhookContext with an Express-like request (raw body kept, JSON body parsed)
 *   and a recording response; when it returns items, WorkflowExecute runs the workflow from the trigger;
 * - production and test webhooks keep separate static data, as in n8n: production static data persists across calls
 *   (n8n saves it), the test workflow starts from empty static data each time "Listen for test event" is clicked.
 */
import type {
	IDataObject,
	INode,
	INodeExecutionData,
	INodeParameters,
	INodeType,
	IWebhookData,
	IWebhookResponseData,
	IWorkflowExecuteAdditionalData,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { resolveWebhookDescriptionField, Workflow } from 'n8n-workflow';
import { HookContext, WebhookContext } from 'n8n-core';
import { executeFrom, stubAdditionalData } from './execution';
import { TestNodeTypes, TRIGGER_NODE_TYPE } from './nodeTypes';
import { credentialsFor, type ApiTarget } from './runWorkflow';
import { RecordedResponse, webhookRequest, type IncomingWebhookRequest } from './webhookHttp';

export {
	RecordedResponse,
	webhookRequest,
	type HeaderValues,
	type IncomingWebhookRequest,
} from './webhookHttp';

export const TRIGGER_NODE_NAME = 'Payment Platform Trigger';
export const TRIGGER_WEBHOOK_ID = '0b7c5f52-64a8-4a5e-9d53-2f0c2b8f4a11';
export const TRIGGER_WORKFLOW_ID = 'trigger-workflow';
/** Each harness is its own workflow (the trigger remembers registrations per workflow and process). */
let harnesses = 0;
/** The trigger's one typeVersion, as a saved workflow holds it. */
export const TRIGGER_TYPE_VERSION = 1.1;

export type WebhookMethod = 'checkExists' | 'create' | 'delete';

export interface TriggerHarnessOptions {
	/** The API the hooks call (the sandbox, or a fake). */
	target: ApiTarget;
	/** The trigger's parameters (`events`, `options`). */
	parameters: INodeParameters;
	/** Base of production webhook URLs (n8n's WEBHOOK_URL + /webhook). */
	webhookBaseUrl?: string;
	/** Base of test webhook URLs (… + /webhook-test). */
	webhookTestBaseUrl?: string;
	/** The node's webhookId (part of its webhook URL); a fixed one by default. */
	webhookId?: string;
}

/** What happens around the run of an admitted delivery. */
export interface ReceiveOptions {
	isTest?: boolean;
	/** Runs after webhook() admitted the delivery and before the workflow runs (e.g. to send it again meanwhile). */
	whileRunning?: () => Promise<void>;
	/** The caller hangs up before the answer (a sender's timeout); the run goes on and n8n still answers. */
	callerHangsUp?: boolean;
	/** The run ends in error, as when a node after the trigger fails. */
	runFails?: boolean;
	/**
	 * The execution ends without its run data: n8n 2.41 then answers (After the Workflow Succeeds) 200 with
	 * "Workflow executed successfully but no data was returned" (webhook-helpers.js).
	 */
	endsWithoutRunData?: boolean;
	/** n8n cannot start the execution (database or queue down): it answers 500 and nothing runs. */
	executionNotStarted?: boolean;
}

export interface WebhookOutcome {
	/** The HTTP status n8n answers the caller with. */
	status: number;
	/** The body n8n answers with. */
	body: unknown;
	/** The headers the node set on the answer (lower-case names). */
	headers: Record<string, string>;
	/** Whether the workflow ran. */
	ran: boolean;
	/** The items the workflow started with (the trigger's output); empty when it did not run. */
	items: INodeExecutionData[];
	/** What `webhook()` returned. */
	result: IWebhookResponseData;
}

export class TriggerHarness {
	readonly node: INode;
	readonly production: Workflow;
	private testWorkflow: Workflow | undefined;
	private readonly nodeTypes = new TestNodeTypes();
	private executions = 0;
	readonly workflowId = `${TRIGGER_WORKFLOW_ID}-${++harnesses}`;

	constructor(private readonly options: TriggerHarnessOptions) {
		this.node = {
			id: 'payment-platform-trigger',
			name: TRIGGER_NODE_NAME,
			type: TRIGGER_NODE_TYPE,
			typeVersion: TRIGGER_TYPE_VERSION,
			position: [0, 0],
			webhookId: options.webhookId ?? TRIGGER_WEBHOOK_ID,
			parameters: { ...options.parameters },
			credentials: { paymentPlatformApi: { id: '1', name: 'Payment Platform account' } },
		};
		this.production = this.newWorkflow();
	}

	/** Changes the trigger's parameters (both webhooks see the change, as both come from the saved workflow). */
	setParameters(parameters: INodeParameters): void {
		this.node.parameters = { ...parameters };
	}

	/** The workflow a webhook kind runs in: production, or the current test-listening one. */
	workflow(isTest = false): Workflow {
		if (!isTest) return this.production;
		this.testWorkflow ??= this.newWorkflow();
		return this.testWorkflow;
	}

	/** The node's static data (`getWorkflowStaticData('node')`) of the production or the test webhook. */
	staticData(isTest = false): IDataObject {
		return this.workflow(isTest).getStaticData('node', this.node);
	}

	/** The webhook URL n8n gives the node (what `create` registers). */
	webhookUrl(isTest = false): string {
		return this.hookContext('checkExists', isTest).getNodeWebhookUrl('default') as string;
	}

	/** n8n's logger, as the node sees it (`this.logger`): spy on it to see what the node logs. */
	logger(): HookContext['logger'] {
		return this.hookContext('checkExists', false).logger;
	}

	/** What the node logs at `level` while `run` runs, one line a call (its message, then any other argument). */
	async logged(level: 'warn' | 'info', run: () => Promise<unknown>): Promise<string[]> {
		const spy = jest.spyOn(this.logger(), level).mockImplementation(() => undefined);
		try {
			await run();
			return spy.mock.calls.map(([message, ...rest]) =>
				[String(message), ...rest.map((part) => JSON.stringify(part))].join(' '),
			);
		} finally {
			spy.mockRestore();
		}
	}

	/** Calls one webhook method in a HookContext. */
	async runHook(method: WebhookMethod, isTest = false): Promise<boolean> {
		const fn = this.nodeType().webhookMethods?.default?.[method];
		if (!fn) throw new Error(`The trigger has no webhook method ${method}`);
		return await fn.call(this.hookContext(method, isTest));
	}

	/** Activation as n8n does it: checkExists, then create when it answered false. Returns whether create ran. */
	async activate(isTest = false): Promise<boolean> {
		if (await this.runHook('checkExists', isTest)) return false;
		await this.runHook('create', isTest);
		return true;
	}

	/** Deactivation as n8n does it: delete. */
	async deactivate(isTest = false): Promise<boolean> {
		const result = await this.runHook('delete', isTest);
		if (isTest) this.testWorkflow = undefined;
		return result;
	}

	/** "Listen for test event": a fresh test workflow (empty static data), activated with the test URL. */
	async listenForTestEvent(): Promise<void> {
		this.testWorkflow = this.newWorkflow();
		await this.activate(true);
	}

	/**
	 * Hands a request to the node's `webhook()` and answers as n8n 2.41 does (webhook-helpers.js): the node's own
	 * response when it returns `noWebhookResponse`; 200 when it returns no items; otherwise, by the description's
	 * responseMode, 200 before the run ("onReceived") or, after it ("lastNode"), 500 when the run failed and 200
	 * with no body (responseData "noData") when it succeeded.
	 */
	async receive(
		input: IncomingWebhookRequest,
		options: boolean | ReceiveOptions = {},
	): Promise<WebhookOutcome> {
		const {
			isTest = false,
			whileRunning,
			callerHangsUp = false,
			runFails = false,
			endsWithoutRunData = false,
			executionNotStarted = false,
		} = typeof options === 'boolean' ? { isTest: options } : options;
		const workflow = this.workflow(isTest);
		const mode: WorkflowExecuteMode = isTest ? 'manual' : 'webhook';
		const response = new RecordedResponse();
		const additionalData = this.additionalData(isTest, {
			httpRequest: webhookRequest(input),
			httpResponse: response,
		});
		const webhookData = this.webhookData(additionalData, isTest);
		const context = new WebhookContext(
			workflow,
			this.node,
			additionalData,
			mode,
			webhookData,
			[],
			null,
		);
		const nodeType = this.nodeType();
		if (!nodeType.webhook) throw new Error('The trigger has no webhook()');
		const result = await nodeType.webhook.call(context);

		const answered = (ran = false, items: INodeExecutionData[] = []): WebhookOutcome => ({
			status: response.statusCode,
			body: response.body,
			headers: response.headers,
			ran,
			items,
			result,
		});
		if (result.noWebhookResponse === true) {
			if (!response.finished)
				throw new Error('webhook() returned noWebhookResponse without answering');
			return answered();
		}
		if (result.workflowData === undefined) {
			const body = result.webhookResponse ?? { message: 'Webhook call received' };
			return { status: 200, body, headers: response.headers, ran: false, items: [], result };
		}
		const responseMode = this.describedField(workflow, 'responseMode');
		if (executionNotStarted) {
			response.status(500).send({ message: 'There was a problem executing the workflow' });
			return answered();
		}
		if (responseMode === 'onReceived')
			response.status(200).send(this.onReceivedBody(workflow, result));
		if (callerHangsUp) response.hangUp();
		await whileRunning?.();
		const run = await this.runFromTrigger(workflow, result.workflowData, mode).then(
			(items) => ({
				items,
				error: runFails ? new Error('A node after the trigger failed') : undefined,
			}),
			(error: unknown) => ({ items: [] as INodeExecutionData[], error }),
		);
		// When received, the caller has its answer already: a failed run fails the test.
		if (responseMode === 'onReceived' && run.error !== undefined)
			return await Promise.reject(run.error);
		const { items } = run;
		const failed = run.error !== undefined;
		if (responseMode === 'lastNode') {
			if (failed) response.status(500).send({ message: 'Error in workflow' });
			else if (endsWithoutRunData)
				response
					.status(200)
					.send({ message: 'Workflow executed successfully but no data was returned' });
			else response.status(200).send(undefined);
		}
		return answered(!failed, items);
	}

	/**
	 * A webhook description field as n8n 2.x reads it: natively through the field's resolver when the parameters
	 * are static (else the test fails: the node must not make n8n evaluate an expression per delivery), with the
	 * defaults the Workflow constructor applied for the node's version.
	 */
	private describedField(workflow: Workflow, field: 'responseMode' | 'responseData'): unknown {
		const description = this.nodeType().description.webhooks?.[0];
		if (!description) throw new Error('The trigger declares no webhook');
		const value = description[field];
		if (typeof value !== 'string' || !value.startsWith('=')) return value;
		const native = resolveWebhookDescriptionField(
			workflow.nodes[this.node.name],
			description,
			field,
		);
		if (!native.resolved)
			throw new Error(`${field} is an expression n8n would evaluate per delivery`);
		return native.value;
	}

	/**
	 * What n8n 2.41 answers when a webhook with responseMode "onReceived" starts the workflow
	 * (webhook-on-received-response-extractor.js): the description's responseData, "firstEntryJson" when it is
	 * undefined, nothing for "noData"; when it is empty, the node's webhookResponse, else a fixed message.
	 */
	private onReceivedBody(workflow: Workflow, result: IWebhookResponseData): unknown {
		const described = this.describedField(workflow, 'responseData');
		const responseData = described === undefined ? 'firstEntryJson' : described;
		if (responseData === 'noData') return undefined;
		if (responseData) return responseData;
		return result.webhookResponse ?? { message: 'Workflow was started' };
	}

	private nodeType(): INodeType {
		return this.nodeTypes.getByNameAndVersion(TRIGGER_NODE_TYPE);
	}

	private newWorkflow(staticData: IDataObject = {}): Workflow {
		return new Workflow({
			id: this.workflowId,
			name: 'trigger test',
			nodes: [this.node],
			connections: {},
			nodeTypes: this.nodeTypes,
			active: false,
			staticData: JSON.parse(JSON.stringify(staticData)) as IDataObject,
			settings: {},
		});
	}

	private hookContext(method: WebhookMethod, isTest: boolean): HookContext {
		const additionalData = this.additionalData(isTest);
		const webhookData = this.webhookData(additionalData, isTest);
		// The modes n8n uses: ActiveWorkflowManager (trigger/activate, internal/update on removal) and TestWebhooks.
		const mode: WorkflowExecuteMode = isTest
			? 'manual'
			: method === 'delete'
				? 'internal'
				: 'trigger';
		const activation = isTest ? 'manual' : method === 'delete' ? 'update' : 'activate';
		return new HookContext(
			this.workflow(isTest),
			this.node,
			additionalData,
			mode,
			activation,
			webhookData,
		);
	}

	private webhookData(
		additionalData: IWorkflowExecuteAdditionalData,
		isTest: boolean,
	): IWebhookData {
		const webhookDescription = this.nodeType().description.webhooks?.[0];
		if (!webhookDescription) throw new Error('The trigger declares no webhook');
		return {
			httpMethod: 'POST',
			node: this.node.name,
			path: `${this.node.webhookId}/webhook`,
			webhookDescription,
			workflowId: this.workflowId,
			workflowExecuteAdditionalData: additionalData,
			webhookId: this.node.webhookId,
			isTest,
		};
	}

	private additionalData(
		isTest: boolean,
		http: { httpRequest?: unknown; httpResponse?: unknown } = {},
	): IWorkflowExecuteAdditionalData {
		this.executions += 1;
		return stubAdditionalData({
			credentials: credentialsFor(this.options.target),
			executionId: `trigger-execution-${this.executions}`,
			webhookBaseUrl: this.options.webhookBaseUrl,
			webhookTestBaseUrl: this.options.webhookTestBaseUrl,
			extra: { isTest, ...http },
		});
	}

	/**
	 * Runs the workflow from the trigger with `items` in a workflow of its own whose static data is `staticData`: `{}`
	 * as on a queue-mode worker (n8n stores an execution's workflow without its static data).
	 */
	async runOnWorker(items: INodeExecutionData[], staticData: IDataObject = {}) {
		const worker = this.newWorkflow(staticData);
		return { worker, output: await this.runFromTrigger(worker, [items], 'webhook') };
	}

	/** Runs the workflow from the trigger with `workflowData`, as n8n does after a webhook; returns its output. */
	private async runFromTrigger(
		workflow: Workflow,
		workflowData: INodeExecutionData[][],
		mode: WorkflowExecuteMode,
	): Promise<INodeExecutionData[]> {
		this.executions += 1;
		const run = await executeFrom(workflow, {
			mode,
			executionId: `trigger-run-${this.executions}`,
			credentials: credentialsFor(this.options.target),
			webhookBaseUrl: this.options.webhookBaseUrl,
			webhookTestBaseUrl: this.options.webhookTestBaseUrl,
			extra: { isTest: mode === 'manual' },
			startNode: this.node,
			input: workflowData,
		});
		if (run.data.resultData.error) throw run.data.resultData.error;
		return run.data.resultData.runData[this.node.name]?.[0]?.data?.main?.[0] ?? [];
	}
}
