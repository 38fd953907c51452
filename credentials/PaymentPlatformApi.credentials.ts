import type {
	IAuthenticate,
	IAuthenticateGeneric,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/**
 * HTTP Basic with the key pair, as n8n's generic block. The editor lists a credential under the HTTP Request node's
 * Predefined Credential Type, and the loader adds Custom API Call to the action node, only when the credential type
 * has `authenticate`; the editor reads it from /types/credentials.json, so it must survive JSON.
 */
const BASIC_AUTH_BLOCK: IAuthenticateGeneric = {
	type: 'generic',
	properties: {
		auth: {
			username: '={{$credentials.publicKey}}',
			password: '={{$credentials.secretKey}}',
		},
	},
};

/** What n8n makes of a generic block's resolved value: the text of a truthy value, else ''. */
const resolvedText = (value: unknown): string => (value ? String(value) : '');

/**
 * The same HTTP Basic as BASIC_AUTH_BLOCK, as a function. n8n's server calls a function `authenticate` as it is,
 * while it evaluates a generic block's two `$credentials` expressions in its expression engine on every request
 * (the largest share of n8n's CPU per request in the bench's profile). JSON drops a function, so this one serialises
 * as BASIC_AUTH_BLOCK (`toJSON`): the editor sees the block and lists the credential; every request, from our nodes
 * or from the HTTP Request node, runs the function.
 */
const basicAuthentication = Object.assign(
	async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => ({
		...requestOptions,
		auth: {
			...requestOptions.auth,
			username: resolvedText(credentials.publicKey),
			password: resolvedText(credentials.secretKey),
		},
	}),
	{ toJSON: (): IAuthenticateGeneric => BASIC_AUTH_BLOCK },
);

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

	/**
	 * HTTP Basic with the key pair: a function for n8n's server, the generic block for its editor (see
	 * basicAuthentication below).
	 */
	authenticate: IAuthenticate = basicAuthentication;

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(new RegExp("/+$"), "")}}',
			url: '/v1/withdrawals/summary',
			method: 'GET',
		},
		// A refused key pair gets its own message: for a non-2xx answer n8n 2.x's credential tester shows only the
		// HTTP status text ("Unauthorized"), not the API's. The API also reports failures in its envelope, so a 2xx
		// answer with `success: false` fails the test too. n8n's type admits one kind of rule per list, but its tester
		// (1.x and 2.x) reads each rule by its own type from one list.
		rules: [
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message:
						'The API refused the key pair (HTTP 401): check the Public Key and the Secret Key',
				},
			},
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'success',
					value: false,
					message: 'The API answered success: false: check the keys and the Base URL',
				},
			},
		] as Array<
			IAuthenticateRuleResponseCode | IAuthenticateRuleResponseSuccessBody
		> as IAuthenticateRuleResponseCode[],
	};
}
