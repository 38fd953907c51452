import type { IBuilderHint } from 'n8n-workflow';

/** n8n prefixes node types with the package name users install; older n8n lines ignore builderHint. */
const PACKAGE = 'n8n-nodes-payment-platform';

export const builderHint: IBuilderHint = {
	searchHint:
		'Brazilian payment platform (charges by pix, boleto or card, payment links, receivables, anticipations, wallets, withdrawals, submerchant onboarding). Amounts are integers in cents (R$ 15,00 = 1500). For Charge, Payment Link and Anticipation → Create, set Idempotency Key to a value that is the same on every retry of the same intent (the trigger event id, an order id), never a random value: a retried execution then creates nothing twice. To react to charge events, start the workflow with the Payment Platform Trigger instead of polling Get Many. As an AI Agent tool, put operations that create or cancel anything, or delete a webhook endpoint, behind a human review for tool calls; reads can stay open.',
	relatedNodes: [
		{
			nodeType: `${PACKAGE}.paymentPlatformTrigger`,
			relationHint:
				'Starts a workflow on charge events (captured, refunded, chargeback); its event id makes a good Idempotency Key',
		},
		{
			nodeType: '@n8n/n8n-nodes-langchain.agent',
			relationHint:
				'Can use this node as a tool; gate creates and cancels with a human review (a send-and-wait node between tool and agent)',
		},
	],
};
