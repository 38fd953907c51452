/**
 * What n8n's server hands n8n-core for an execution, stubbed once for every harness: the additional data, and a
 * run of a workflow from one node through WorkflowExecute with lifecycle hooks, as n8n runs an execution.
 */
import type {
	ICredentialDataDecryptedObject,
	INode,
	INodeExecutionData,
	IRun,
	IRunExecutionData,
	IWorkflowBase,
	IWorkflowExecuteAdditionalData,
	Workflow,
	WorkflowExecuteMode,
} from 'n8n-workflow';
import { ExecutionLifecycleHooks, WorkflowExecute } from 'n8n-core';
import { TestCredentialsHelper } from './credentialsHelper';

export interface AdditionalDataOptions {
	/** Decrypted credential data by credential type name. */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	executionId: string;
	hooks?: ExecutionLifecycleHooks;
	/** Base of production webhook URLs (n8n's WEBHOOK_URL + /webhook). */
	webhookBaseUrl?: string;
	/** Base of test webhook URLs (… + /webhook-test). */
	webhookTestBaseUrl?: string;
	/** What a webhook context reads besides: `httpRequest`, `httpResponse`, `isTest`. */
	extra?: Record<string, unknown>;
}

/** The additional data n8n's server builds for an execution, with loopback URLs and no sub-workflows or runners. */
export function stubAdditionalData(options: AdditionalDataOptions): IWorkflowExecuteAdditionalData {
	return {
		hooks: options.hooks,
		credentialsHelper: new TestCredentialsHelper(options.credentials),
		executionId: options.executionId,
		restApiUrl: 'http://127.0.0.1/rest',
		instanceBaseUrl: 'http://127.0.0.1/',
		webhookBaseUrl: options.webhookBaseUrl ?? 'http://127.0.0.1/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1/webhook-waiting',
		webhookTestBaseUrl: options.webhookTestBaseUrl ?? 'http://127.0.0.1/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1/form-waiting',
		variables: {},
		currentNodeParameters: undefined,
		executeWorkflow: async () => ({ data: [], executionId: '' }),
		getRunExecutionData: async () => undefined,
		logAiEvent: () => undefined,
		startRunnerTask: async () => ({ ok: false }),
		...options.extra,
	} as unknown as IWorkflowExecuteAdditionalData;
}

export interface ExecutionOptions extends Omit<AdditionalDataOptions, 'hooks'> {
	mode: WorkflowExecuteMode;
	/** The node the execution starts from, and the data on its inputs. */
	startNode: INode;
	input: INodeExecutionData[][];
}

/** Runs `workflow` from `options.startNode` and resolves with the run once n8n-core's `workflowExecuteAfter` says so. */
export async function executeFrom(workflow: Workflow, options: ExecutionOptions): Promise<IRun> {
	const workflowBase = {
		id: workflow.id,
		name: workflow.name,
		nodes: Object.values(workflow.nodes),
		connections: workflow.connectionsBySourceNode,
	} as unknown as IWorkflowBase;
	const hooks = new ExecutionLifecycleHooks(options.mode, options.executionId, workflowBase);
	let resolveFinished: (run: IRun) => void = () => undefined;
	const finished = new Promise<IRun>((resolve) => (resolveFinished = resolve));
	hooks.addHandler('workflowExecuteAfter', (fullRunData) => resolveFinished(fullRunData));

	const additionalData = stubAdditionalData({ ...options, hooks });
	const runExecutionData = {
		resultData: { runData: {} },
		executionData: {
			metadata: {},
			contextData: {},
			waitingExecution: {},
			waitingExecutionSource: null,
			nodeExecutionStack: [
				{ node: options.startNode, data: { main: options.input }, source: null },
			],
		},
	} as unknown as IRunExecutionData;
	await new WorkflowExecute(additionalData, options.mode, runExecutionData).processRunExecutionData(
		workflow,
	);
	return await finished;
}
