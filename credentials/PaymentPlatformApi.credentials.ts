import type {
	IAuthenticate,
	IAuthenticateRuleResponseCode,
	IAuthenticateRuleResponseSuccessBody,
	Icon,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';
import { parseApiNames } from '../nodes/shared/transport/apiNames';

/** What n8n's generic block gave for a resolved value. */
const resolvedText = (value: unknown): string => (value ? String(value) : '');

/** Every request authenticates, and the field rarely changes. */
let lastChecked: { raw: unknown; problem?: string } | undefined;

/**
 * n8n's credential test runs its request through `authenticate`: API Names the node would refuse fail the test,
 * before any workflow runs.
 */
function refuseUnusableApiNames(raw: unknown): void {
	if (lastChecked === undefined || lastChecked.raw !== raw) {
		const parsed = parseApiNames(raw);
		lastChecked = { raw, problem: 'problem' in parsed ? parsed.problem : undefined };
	}
	const checked: { problem?: string } = lastChecked;
	if (checked.problem) throw new Error(`The credential's API Names ${checked.problem}`);
}

export class PaymentPlatformApi implements ICredentialType {
	name = 'paymentPlatformApi';

	displayName = 'Payment Platform API';

	icon: Icon = {
		light: 'file:../icons/paymentPlatform.svg',
		dark: 'file:../icons/paymentPlatform.dark.svg',
	};

	documentationUrl =
		'https://github.com/n8n-nodes-payment-platform/n8n-nodes-payment-platform?tab=readme-ov-file#credentials';

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
		{
			displayName: 'API Names',
			name: 'apiNames',
			type: 'json',
			default: '{}',
			placeholder: '{"start_date": "from", "GET /v1/payment-links": "/v1/links"}',
			description:
				'Only if your platform uses other names than the ones this package chose where the API reference shows none. A JSON object from the chosen name to yours: query names (page, perPage, status, payment_method, start_date, end_date, search, min_amount, max_amount, installments, amount), the address type body field (type), the Payment Link → Create body (title, amount, description, allowed_payment_methods, currency, expires_at, max_installments, max_uses, metadata, product_type, redirect_url, submerchant_id), the Idempotency-Key header, and the paths "POST /v1/payment-links", "GET /v1/payment-links", "GET /v1/postbacks/endpoints", "PATCH /v1/postbacks/endpoints/{id}", "DELETE /v1/postbacks/endpoints/{id}". A name renames it everywhere it is used; put the route before it to rename it for one operation only, e.g. {"GET /v1/charges start_date": "from"}. Two names sent as one are refused. Leave {} for the defaults.',
		},
		{
			displayName: 'Resend Keyed Writes',
			name: 'resendKeyedWrites',
			type: 'boolean',
			default: true,
			description:
				"Whether a create that carries an Idempotency Key and got no answer (a timeout, a dropped connection, a gateway's 502, 503 or 504) is sent again with the same key, up to 3 times. Setting a key on an operation says that your platform honours it; turn this off if it does not. A write without a key is never sent twice.",
		},
	];

	/**
	 * HTTP Basic as a function: n8n calls it as it is, where a generic block's `={{$credentials.x}}` is evaluated by
	 * the expression engine on every request (the largest share of n8n's CPU per request in the bench's profile). A
	 * field, not a method: n8n's loader copies the type (`{ ...credential }`) without its prototype, and the editor
	 * lists the credential under the HTTP Request node (and Custom API Call is added) by this field.
	 */
	authenticate: IAuthenticate = async (
		credentials: ICredentialDataDecryptedObject,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> => {
		refuseUnusableApiNames(credentials.apiNames);
		return {
			...requestOptions,
			auth: {
				...requestOptions.auth,
				username: resolvedText(credentials.publicKey),
				password: resolvedText(credentials.secretKey),
			},
		};
	};

	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(new RegExp("/+$"), "")}}',
			url: '/v1/withdrawals/summary',
			method: 'GET',
		},
		// For a non-2xx answer n8n 2.x's tester shows only the status text ("Unauthorized"), so a refused key pair gets
		// its own message; the API also reports failures in its envelope. n8n's type admits one kind of rule per list,
		// but its tester reads each rule by its own type.
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
