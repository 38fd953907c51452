import type {
	ICredentialDataDecryptedObject,
	IConnections,
	INode,
	INodeExecutionData,
	IRun,
} from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { executeFrom } from './execution';
import { ACTION_NODE_TYPE, MANUAL_TRIGGER_TYPE, TestNodeTypes } from './nodeTypes';

export interface WorkflowJson {
	nodes: INode[];
	connections: IConnections;
}

export interface RunOptions {
	/** Decrypted credential data by credential type name, e.g. `{ paymentPlatformApi: {...} }`. */
	credentials: Record<string, ICredentialDataDecryptedObject>;
	/** Items the start node (a Manual Trigger) emits; one empty item by default, as in n8n. */
	inputItems?: INodeExecutionData[];
	/** The workflow's Timezone setting; n8n's default when not given. */
	timezone?: string;
}

export interface RunResult {
	run: IRun;
	/** The items a node emitted on its first output, in its first run. */
	outputOf(nodeName: string): INodeExecutionData[];
	/** The execution's error, when the workflow failed. */
	error: IRun['data']['resultData']['error'];
}

/** Executes a workflow in-process through n8n-core's WorkflowExecute, as n8n runs a manual execution. */
export async function runWorkflow(
	workflowJson: WorkflowJson,
	options: RunOptions,
): Promise<RunResult> {
	const nodeTypes = new TestNodeTypes();
	const workflow = new Workflow({
		id: 'test-workflow',
		nodes: workflowJson.nodes,
		connections: workflowJson.connections,
		nodeTypes,
		active: false,
		settings: options.timezone ? { timezone: options.timezone } : {},
	});
	const startNode = workflowJson.nodes.find((node) => node.type === MANUAL_TRIGGER_TYPE);
	if (!startNode) throw new Error('A test workflow needs a Manual Trigger node to start from');

	const run = await executeFrom(workflow, {
		mode: 'manual',
		executionId: 'test-execution',
		credentials: options.credentials,
		startNode,
		input: [options.inputItems ?? [{ json: {} }]],
	});

	return {
		run,
		error: run.data.resultData.error,
		outputOf(nodeName: string) {
			const taskData = run.data.resultData.runData[nodeName]?.[0];
			return taskData?.data?.main?.[0] ?? [];
		},
	};
}

/** A Manual Trigger → Payment Platform workflow with the given parameters (and optional node settings). */
/** A node's settings (the editor's Settings tab) a test may set. */
export type NodeSettings = Partial<
	Pick<INode, 'continueOnFail' | 'onError' | 'retryOnFail' | 'maxTries' | 'waitBetweenTries'>
>;

export function actionWorkflow(
	parameters: INode['parameters'],
	settings: NodeSettings = {},
): WorkflowJson {
	return {
		nodes: [
			{
				id: 'manual-trigger',
				name: 'Manual Trigger',
				type: MANUAL_TRIGGER_TYPE,
				typeVersion: 1,
				position: [0, 0],
				parameters: {},
			},
			{
				id: 'payment-platform',
				name: 'Payment Platform',
				type: ACTION_NODE_TYPE,
				typeVersion: 1,
				position: [220, 0],
				parameters,
				credentials: { paymentPlatformApi: { id: '1', name: 'Payment Platform account' } },
				...settings,
			},
		],
		connections: {
			'Manual Trigger': { main: [[{ node: 'Payment Platform', type: 'main', index: 0 }]] },
		},
	};
}

/** What the harness needs to know of a running sandbox (or any API): where it is and its key pair. */
export interface ApiTarget {
	url: string;
	publicKey: string;
	secretKey: string;
	/** The credential's API Names (JSON text), when the target uses other names than the defaults. */
	apiNames?: string;
	/** The credential's Resend Keyed Writes, when set (a credential saved without it resends). */
	resendKeyedWrites?: boolean;
}

export function credentialsFor(target: ApiTarget): RunOptions['credentials'] {
	return {
		paymentPlatformApi: {
			publicKey: target.publicKey,
			secretKey: target.secretKey,
			baseUrl: target.url,
			...(target.apiNames === undefined ? {} : { apiNames: target.apiNames }),
			...(target.resendKeyedWrites === undefined
				? {}
				: { resendKeyedWrites: target.resendKeyedWrites }),
		},
	};
}

/**
 * Runs Manual Trigger → Payment Platform with `parameters` against `target`.
 * `inputItems` become the node's input items (one empty item by default).
 */
export async function runAction(
	target: ApiTarget,
	parameters: INode['parameters'],
	options: {
		inputItems?: INodeExecutionData[];
		continueOnFail?: boolean;
		settings?: NodeSettings;
		timezone?: string;
	} = {},
): Promise<RunResult & { output: INodeExecutionData[] }> {
	const workflow = actionWorkflow(parameters, {
		...options.settings,
		...(options.continueOnFail ? { continueOnFail: true } : {}),
	});
	const result = await runWorkflow(workflow, {
		credentials: credentialsFor(target),
		inputItems: options.inputItems,
		timezone: options.timezone,
	});
	return { ...result, output: result.outputOf('Payment Platform') };
}
