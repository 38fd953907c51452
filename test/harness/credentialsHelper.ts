import type {
	ICredentialDataDecryptedObject,
	ICredentialType,
	IHttpRequestOptions,
	INodeCredentialsDetails,
	INodeProperties,
	IWorkflowExecuteAdditionalData,
	IAuthenticateGeneric,
	INode,
	Workflow,
} from 'n8n-workflow';
import { ICredentialsHelper, isExpression } from 'n8n-workflow';
import { Credentials } from 'n8n-core';
import { PaymentPlatformApi } from '../../credentials/PaymentPlatformApi.credentials';

/** The credential types the harness knows, by name (a test may swap a type's `authenticate` for a run). */
export const harnessCredentialTypes: Record<string, ICredentialType> = {
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
		// As n8n's CredentialsHelper.resolveValue: the text of a truthy result, else ''.
		const resolved = credentials[match[1]];
		return resolved ? String(resolved) : '';
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

/**
 * Applies a generic `authenticate` block as n8n's server does (packages/cli/src/credentials-helper.ts, `authenticate`
 * and `resolveValue`): every key and value that is an expression is evaluated by the workflow's expression engine,
 * with `$credentials` the decrypted data, on every request. Tests count those evaluations (test/authCost.test.ts).
 */
function evaluateGenericAuthentication(
	authenticate: IAuthenticateGeneric,
	credentials: ICredentialDataDecryptedObject,
	requestOptions: IHttpRequestOptions,
	workflow: Workflow,
	node: INode,
): IHttpRequestOptions {
	const resolve = (value: string): string => {
		if (!isExpression(value)) return value;
		const resolved = workflow.expression.getSimpleParameterValue(
			node,
			value,
			'internal',
			{ $credentials: credentials },
			undefined,
			'',
		);
		return resolved ? String(resolved as string) : '';
	};
	const result = requestOptions as unknown as Record<string, Record<string, string> | undefined>;
	for (const [outerKey, outerValue] of Object.entries(authenticate.properties)) {
		for (const [key, value] of Object.entries(outerValue as Record<string, string>)) {
			result[outerKey] ??= {};
			result[outerKey][resolve(key)] = resolve(value);
		}
	}
	return requestOptions;
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
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const type = harnessCredentialTypes[typeName];
		const authenticate = type?.authenticate;
		if (!authenticate) return requestOptions;
		if (typeof authenticate === 'function') return await authenticate(credentials, requestOptions);
		if (!workflow || !node) throw new Error('n8n needs the workflow and node for a generic block');
		return evaluateGenericAuthentication(authenticate, credentials, requestOptions, workflow, node);
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
