import type {
	ICredentialDataDecryptedObject,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

export class PaymentPlatformApi implements ICredentialType {
	name = 'paymentPlatformApi';

	displayName = 'Payment Platform API';

	icon: Icon = {
		light: 'file:../icons/paymentPlatform.svg',
		dark: 'file:../icons/paymentPlatform.dark.svg',
	};

	documentationUrl =
		'https://github.com/payment-platform/n8n-nodes-payment-platform?tab=readme-ov-file#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Public Key',
			name: 'publicKey',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'pk_live_...',
			description:
				'The public half of the API key pair you received from the payment platform. It identifies your merchant account.',
		},
		{
			displayName: 'Secret Key',
			name: 'secretKey',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
			placeholder: 'sk_live_...',
			description:
				'The secret half of the same key pair. Keep it private: together with the public key it can move money on your account.',
		},
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: 'http://127.0.0.1:4010',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'The address of the API given to you with your keys, without any path and without /v1 (for example https://api.example.com). The default points to the local sandbox started by npm start.',
		},
	];

	/**
	 * HTTP Basic with the key pair. A function rather than a generic block with `={{$credentials.x}}` expressions:
	 * n8n evaluates those expressions (in its expression isolate) on every request, which was the largest share of
	 * the node's per-request time in the bench profile.
	 */
	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		return {
			...requestOptions,
			auth: { username: String(credentials.publicKey ?? ''), password: String(credentials.secretKey ?? '') },
		};
	}

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(new RegExp("/+$"), "")}}',
			url: '/v1/withdrawals/summary',
			method: 'GET',
		},
	};
}
