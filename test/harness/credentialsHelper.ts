import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeCredentialsDetails,
	INodeProperties,
	IWorkflowExecuteAdditionalData,
	IAuthenticateGeneric,
} from 'n8n-workflow';
import { ICredentialsHelper } from 'n8n-workflow';
import { Credentials } from 'n8n-core';
import { PaymentPlatformApi } from '../../credentials/PaymentPlatformApi.credentials';

const credentialTypes: Record<string, ICredentialType> = {
	paymentPlatformApi: new PaymentPlatformApi(),
};

/**
 * Applies a credential type's generic `authenticate` block the way n8n does: each `={{$credentials.x}}` expression
 * is resolved from the decrypted credential data.
 */
export function applyGenericAuthentication(
	authenticate: IAuthenticateGeneric,
	credentials: ICredentialDataDecryptedObject,
	request: IHttpRequestOptions,
): IHttpRequestOptions {
	const resolve = (value: string) => {
		if (!value.startsWith('=')) return value;
		const match = /^=\{\{\s*\$credentials\.(\w+)\s*\}\}$/.exec(value);
		// Only what this package's credential uses; anything else would be sent unresolved, so fail loudly.
		if (!match) throw new Error(`The test harness cannot resolve the expression ${value}`);
		return String(credentials[match[1]] ?? '');
	};
	const { auth, headers, qs } = authenticate.properties;
	const result: IHttpRequestOptions = { ...request };
	if (auth)
		result.auth = {
			username: resolve(String(auth.username)),
			password: resolve(String(auth.password)),
		};
	if (headers) {
		result.headers = { ...(request.headers ?? {}) };
		for (const [name, value] of Object.entries(headers))
			result.headers[name] = resolve(String(value));
	}
	if (qs) {
		result.qs = { ...(request.qs ?? {}) };
		for (const [name, value] of Object.entries(qs)) result.qs[name] = resolve(String(value));
	}
	return result;
}

/** In-memory credentials for in-process workflow runs (the role n8n's CredentialsHelper plays in the server). */
export class TestCredentialsHelper extends ICredentialsHelper {
	constructor(private readonly credentialsByType: Record<string, ICredentialDataDecryptedObject>) {
		super();
	}

	getParentTypes(): string[] {
		return [];
	}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions,
	): Promise<IHttpRequestOptions> {
		const type = credentialTypes[typeName];
		const authenticate = type?.authenticate;
		if (!authenticate) return requestOptions;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		return applyGenericAuthentication(authenticate, credentials, requestOptions);
	}

	async preAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async runPreAuthentication(): Promise<ICredentialDataDecryptedObject | undefined> {
		return undefined;
	}

	async getCredentials(nodeCredentials: INodeCredentialsDetails): Promise<Credentials> {
		return new Credentials({ id: nodeCredentials.id, name: nodeCredentials.name }, '', '');
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_nodeCredentials: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.credentialsByType[type];
		if (!data) throw new Error(`No test credentials of type ${type}`);
		return data;
	}

	async updateCredentials(): Promise<void> {}

	async updateCredentialsOauthTokenData(): Promise<void> {}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties(): INodeProperties[] {
		return [];
	}
}
