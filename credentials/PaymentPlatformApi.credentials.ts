import type {
	IAuthenticateGeneric,
	Icon,
	ICredentialTestRequest,
	ICredentialType,
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
			default: '',
			required: true,
			placeholder: 'https://api.example.com',
			description:
				'The address of the API given to you with your keys, without any path and without /v1 (for example https://api.example.com)',
		},
	];

	authenticate: IAuthenticateGeneric = {
		type: 'generic',
		properties: {
			auth: {
				username: '={{$credentials.publicKey}}',
				password: '={{$credentials.secretKey}}',
			},
		},
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(new RegExp("/+$"), "")}}',
			url: '/v1/withdrawals/summary',
			method: 'GET',
		},
		// The API reports failures in its envelope: a 2xx answer with `success: false` is a failed test too.
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'success',
					value: false,
					message: 'The API answered success: false: check the keys and the Base URL',
				},
			},
		],
	};
}
