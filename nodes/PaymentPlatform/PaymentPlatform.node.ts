import type {
	IExecuteFunctions,
	INodeExecutionData,
	INodeType,
	INodeTypeDescription,
} from 'n8n-workflow';
import { NodeConnectionTypes } from 'n8n-workflow';
import { resourceProperties } from './actions/operations';
import { router } from './actions/router';
import * as listSearch from './methods/listSearch';
import { builderHint } from './builderHint';
import { hints } from './hints';
import { secretOutputFields } from './actions/webhookEndpoint/create.operation';

export class PaymentPlatform implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Payment Platform',
		name: 'paymentPlatform',
		icon: {
			light: 'file:../../icons/paymentPlatform.svg',
			dark: 'file:../../icons/paymentPlatform.dark.svg',
		},
		group: ['transform'],
		// No `defaultVersion`: n8n adds Custom API Call only when it is unset or equals the version.
		version: 1,
		subtitle: '={{$parameter["operation"] + ": " + $parameter["resource"]}}',
		description:
			'Onboard submerchants, take payments by pix, boleto or card, and manage payment links, receivables, anticipations, wallets, withdrawals and webhooks',
		defaults: { name: 'Payment Platform' },
		usableAsTool: true,
		builderHint,
		// Webhook Endpoint → Create outputs the endpoint's signing secret; what each n8n line does with this:
		// SECURITY.md.
		sensitiveOutputFields: [...secretOutputFields],
		hints,
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'paymentPlatformApi', required: true }],
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Anticipation', value: 'anticipation' },
					{ name: 'Charge', value: 'charge' },
					{ name: 'Payment Link', value: 'paymentLink' },
					{ name: 'Receivable', value: 'receivable' },
					{ name: 'Submerchant', value: 'submerchant' },
					{ name: 'Submerchant Address', value: 'submerchantAddress' },
					{ name: 'Submerchant Document', value: 'submerchantDocument' },
					{ name: 'Wallet', value: 'wallet' },
					{ name: 'Webhook Endpoint', value: 'webhookEndpoint' },
					{ name: 'Withdrawal', value: 'withdrawal' },
				],
				default: 'charge',
			},
			...resourceProperties,
		],
	};

	methods = { listSearch };

	async execute(this: IExecuteFunctions): Promise<INodeExecutionData[][]> {
		return await router.call(this);
	}
}
