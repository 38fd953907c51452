import type { INodeType, INodeTypeDescription, IWebhookFunctions, IWebhookResponseData } from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';

// Placeholder until the trigger lands.
export class PaymentPlatformTrigger implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Payment Platform Trigger',
		name: 'paymentPlatformTrigger',
		icon: { light: 'file:../../icons/paymentPlatform.svg', dark: 'file:../../icons/paymentPlatform.dark.svg' },
		group: ['trigger'],
		version: 1,
		description: 'Starts the workflow when the Payment Platform sends a signed charge event',
		defaults: { name: 'Payment Platform Trigger' },
		inputs: [],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paymentPlatformApi', required: true }],
		webhooks: [{ name: 'default', httpMethod: 'POST', responseMode: 'onReceived', path: 'webhook' }],
		properties: [],
	};

	async webhook(this: IWebhookFunctions): Promise<IWebhookResponseData> {
		return { workflowData: [this.helpers.returnJsonArray([this.getBodyData()])] };
	}
}
