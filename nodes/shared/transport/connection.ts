import type {
	ICredentialDataDecryptedObject,
	ICredentialsDecrypted,
	JsonObject,
} from 'n8n-workflow';
import { NodeApiError, sleep } from 'n8n-workflow';
import { API_NAMES_SETTING, parseApiNames, type ApiNames } from './apiNames';
import type { PaymentPlatformContext } from './types';

export const CREDENTIAL_TYPE = 'paymentPlatformApi';

export interface Connection {
	baseUrl: string;
	/** So that n8n does not read and decrypt the credential again. */
	credentials: ICredentialsDecrypted;
	apiNames: ApiNames;
	resendKeyedWrites: boolean;
}

/**
 * One credential read per execution context (n8n makes one `this` per node run, webhook call or list search), keyed
 * weakly so nothing outlives the run.
 */
const connections = new WeakMap<object, Promise<Connection>>();

export async function getConnection(this: PaymentPlatformContext): Promise<Connection> {
	const connection = connections.get(this) ?? readConnection.call(this);
	connections.set(this, connection);
	return await connection;
}

async function readConnection(this: PaymentPlatformContext): Promise<Connection> {
	const data = await this.getCredentials<ICredentialDataDecryptedObject>(CREDENTIAL_TYPE);
	const baseUrl = String(data.baseUrl ?? '')
		.trim()
		.replace(/\/+$/, '');
	if (!/^https?:\/\/[^/]+/i.test(baseUrl)) {
		throw new NodeApiError(this.getNode(), {} as JsonObject, {
			message: "The credential's Base URL must start with http:// or https://",
			description:
				'Open the Payment Platform API credential and set Base URL, e.g. https://api.example.com (no /v1).',
		});
	}
	const apiNames = parseApiNames(data.apiNames);
	if ('problem' in apiNames) {
		throw new NodeApiError(this.getNode(), {} as JsonObject, {
			message: `The credential's API Names ${apiNames.problem}`,
			description: `Open ${API_NAMES_SETTING}: it maps a name this package chose to the one your platform uses, e.g. {"start_date": "from"}. Leave it {} to use the defaults.`,
		});
	}
	const details = this.getNode().credentials?.[CREDENTIAL_TYPE];
	return {
		baseUrl,
		apiNames: apiNames.names,
		// A credential saved before the setting existed has no value: resend, as it did then.
		resendKeyedWrites: data.resendKeyedWrites !== false,
		credentials: {
			id: String(details?.id ?? ''),
			name: details?.name ?? '',
			type: CREDENTIAL_TYPE,
			data,
		},
	};
}

/** A 429 speaks for the whole account: every request of the run (parallel pages, a batch) waits. */
const rateLimitedUntil = new WeakMap<object, number>();

export function holdRequestsUntil(this: PaymentPlatformContext, untilMs: number): void {
	rateLimitedUntil.set(this, Math.max(rateLimitedUntil.get(this) ?? 0, untilMs));
}

export async function waitForRateLimit(this: PaymentPlatformContext): Promise<void> {
	for (;;) {
		const waitMs = (rateLimitedUntil.get(this) ?? 0) - Date.now();
		if (waitMs <= 0) return;
		await sleep(waitMs);
	}
}
