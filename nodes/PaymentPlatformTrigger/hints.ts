/** What the editor shows beside the trigger's parameters: the hints, the trigger panel, the builder hint. */
import type { IBuilderHint, NodeHint, TriggerPanelDefinition } from 'n8n-workflow';

export const triggerHints: NodeHint[] = [
	{
		message:
			'When Received answers the platform before the workflow runs: a run that fails or crashes loses its event, since the platform will not send it again. Choose After the Workflow Succeeds to have it sent again instead.',
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		displayCondition: '={{ $parameter["acknowledge"] === "onReceived" }}',
	},
	{
		message:
			'Ignore Duplicate Deliveries is off: every resend of a delivery runs the workflow again. Keep it on unless what the workflow writes is idempotent on deliveryKey.',
		type: 'info',
		location: 'ndv',
		whenToDisplay: 'always',
		displayCondition: '={{ $parameter["options"]?.["ignoreDuplicates"] === false }}',
	},
	{
		message:
			'Endpoint Removal Delay is 0: the endpoint is removed the moment n8n unpublishes the workflow, also when it is only publishing it again (a changed trigger, a project move), and the events the platform is resending then arrive signed with a secret n8n no longer uses.',
		type: 'warning',
		location: 'ndv',
		whenToDisplay: 'always',
		displayCondition: '={{ $parameter["options"]?.["endpointRemovalDelay"] === 0 }}',
	},
];

export const triggerPanel: TriggerPanelDefinition = {
	header: 'Pull in a charge event from the Payment Platform',
	executionsHelp: {
		inactive:
			'<b>While building your workflow</b>, click "Listen for test event": the trigger registers a temporary endpoint with the Payment Platform, and the next signed charge event runs here. <br /><br /><b>Publish the workflow</b> (activate it, on n8n 1.x) to register its production endpoint: each selected charge event then starts an execution, listed in the executions, not shown here.',
		active:
			'<b>While building your workflow</b>, click "Listen for test event": the trigger registers a temporary endpoint with the Payment Platform, and the next signed charge event runs here. <br /><br /><b>The workflow is published</b>: each selected charge event starts an execution, listed in the <a data-key="executions">executions</a>, not shown here.',
	},
	activationHint:
		'Once the workflow is built, publish it (activate it, on n8n 1.x): the trigger registers its production URL and events with the Payment Platform, and keeps the endpoint when you publish a fix later.',
};

/** Older n8n lines ignore it. */
export const triggerBuilderHint: IBuilderHint = {
	searchHint:
		"Starts a workflow on Payment Platform charge events (pending, authorized, captured, partially refunded, refunded, voided, failed, expired, chargeback), verified by their HMAC signature. Keep Acknowledge at After the Workflow Succeeds so failed runs are sent again, and make what the workflow writes idempotent on the item's deliveryKey (an upsert keyed by it). A Wait of 65 s or more, Send and Wait or an approval after this trigger is answered to the platform when it pauses: put a failure path (Error Workflow) after such steps.",
	relatedNodes: [
		{
			nodeType: 'n8n-nodes-payment-platform.paymentPlatform',
			relationHint:
				"Reads the charge of an event (Charge → Get with the item's charge.id) or acts on it",
		},
	],
};
