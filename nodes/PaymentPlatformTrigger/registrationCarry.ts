/**
 * The registration handed from the webhook to the run. In queue mode a worker runs an execution with static data it
 * did not load: n8n stores an execution's workflow without its static data (n8n 2.x `toWorkflowSnapshot`, 1.x
 * `createNewExecution`), and a worker loads it from the database only for an execution it resumes. So a run that a
 * delivery starts holds `{}`, and when any node changes static data (a Code node counting in
 * `$getWorkflowStaticData('global')`), n8n saves that run's static data over the whole column: the trigger's endpoint
 * and secret are gone, and every later delivery is refused until the workflow is published again.
 *
 * The webhook, which verified the delivery with the stored registration, hands that registration to the run in the
 * item, sealed (AES-256-GCM under a key derived from the credential's secret key: the execution's data may be kept
 * outside the database); the run's first step takes it out of the item and puts it back where the run's static data
 * lacks it or holds an older one, without marking the static data changed, so n8n saves it only along with another
 * node's change (docs/trigger.md, "Where the trigger keeps its state").
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'crypto';
import type {
	ICredentialDataDecryptedObject,
	IDataObject,
	IExecuteFunctions,
	IWebhookFunctions,
} from 'n8n-workflow';
import { CREDENTIAL_TYPE } from '../shared/transport/connection';
import { STATIC_KEYS, storedRegistration } from './registrationState';

export const REGISTRATION_FIELD = '__paymentPlatformRegistration';

const SEALED_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

function derivedKey(
	credentials: ICredentialDataDecryptedObject,
	workflowId: string,
	nodeId: string,
) {
	const secretKey = typeof credentials.secretKey === 'string' ? credentials.secretKey : '';
	if (secretKey === '') return undefined;
	return Buffer.from(
		hkdfSync(
			'sha256',
			secretKey,
			`${workflowId}:${nodeId}`,
			'payment-platform-trigger-registration',
			32,
		),
	);
}

/**
 * Reading the credential costs n8n about as much as the rest of a delivery when it prepares an expression isolate
 * for it (n8n 2.x's default), so each process keeps the key a while. A secret key changed within that while seals
 * with the old key: a run that cannot open it reads the credential again, and puts nothing back if it still cannot.
 */
const KEY_KEPT_MS = 60_000;
const keys = new Map<string, { key: Buffer; until: number }>();

async function keyFor(
	this: IWebhookFunctions | IExecuteFunctions,
	fresh: boolean,
): Promise<Buffer | undefined> {
	const workflowId = this.getWorkflow().id ?? '';
	const { id: nodeId, credentials } = this.getNode();
	const cacheKey = `${workflowId}:${nodeId}:${credentials?.[CREDENTIAL_TYPE]?.id ?? ''}`;
	const kept = keys.get(cacheKey);
	if (!fresh && kept !== undefined && kept.until > Date.now()) return kept.key;
	let read: ICredentialDataDecryptedObject;
	try {
		read = await this.getCredentials(CREDENTIAL_TYPE);
	} catch {
		return undefined;
	}
	const key = derivedKey(read, workflowId, nodeId);
	if (key === undefined) keys.delete(cacheKey);
	else keys.set(cacheKey, { key, until: Date.now() + KEY_KEPT_MS });
	return key;
}

const registrationKeys = Object.values(STATIC_KEYS) as string[];

const registeredAt = (data: IDataObject) => storedRegistration(data).registeredAt ?? 0;

/** The trigger's own keys of its static data: its registration, what a run must not lose. */
function registrationOf(staticData: IDataObject): IDataObject {
	const registration: IDataObject = {};
	for (const key of registrationKeys) {
		if (staticData[key] !== undefined) registration[key] = staticData[key];
	}
	return registration;
}

/**
 * The sealed registration the webhook holds (after any repair) for the item, or undefined when there is none to hand
 * or no key to seal it with: the run then goes on as n8n runs it.
 */
export async function sealRegistration(this: IWebhookFunctions): Promise<string | undefined> {
	const registration = registrationOf(this.getWorkflowStaticData('node'));
	if (registration[STATIC_KEYS.secret] === undefined) return undefined;
	const key = await keyFor.call(this, false);
	if (key === undefined) return undefined;
	const iv = randomBytes(IV_BYTES);
	const cipher = createCipheriv('aes-256-gcm', key, iv);
	const sealed = Buffer.concat([
		cipher.update(JSON.stringify(registration), 'utf8'),
		cipher.final(),
	]);
	// When it was registered, in the clear: the run decrypts only a registration newer than the one it holds.
	return [
		SEALED_VERSION,
		String(registeredAt(registration)),
		Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64'),
	].join('.');
}

function unseal(payload: string, key: Buffer): IDataObject | undefined {
	const bytes = Buffer.from(payload, 'base64');
	if (bytes.length <= IV_BYTES + TAG_BYTES) return undefined;
	try {
		const decipher = createDecipheriv('aes-256-gcm', key, bytes.subarray(0, IV_BYTES));
		decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
		const text = Buffer.concat([
			decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
			decipher.final(),
		]).toString('utf8');
		const parsed = JSON.parse(text) as unknown;
		return typeof parsed === 'object' && parsed !== null ? (parsed as IDataObject) : undefined;
	} catch {
		return undefined;
	}
}

/** n8n's root static data of this run, whose flag says whether n8n saves it when the run ends. */
function rootStaticData(context: IExecuteFunctions): IDataObject | undefined {
	const { workflow } = context as unknown as { workflow?: { staticData?: unknown } };
	const root = workflow?.staticData;
	return typeof root === 'object' && root !== null && '__dataChanged' in root
		? (root as IDataObject)
		: undefined;
}

/**
 * The run's first step: takes the sealed registration out of every item and puts it back into the run's static data
 * where that lacks it or holds an older one. Only where n8n's flag can be set back as it was: a registration put
 * back alone must not make n8n save a run's static data that no node changed.
 */
export async function restoreRegistration(this: IExecuteFunctions): Promise<void> {
	const items = this.getInputData();
	const sealed = items
		.map((item) => item.json[REGISTRATION_FIELD])
		.find((value): value is string => typeof value === 'string');
	for (const item of items) delete item.json[REGISTRATION_FIELD];
	const root = rootStaticData(this);
	if (sealed === undefined || root === undefined) return;
	const [version, sealedAt, payload] = sealed.split('.');
	if (version !== SEALED_VERSION || payload === undefined) return;
	const staticData = this.getWorkflowStaticData('node');
	// Loaded with the run (regular mode, a resumed execution) and not older: nothing to put back.
	const missing = staticData[STATIC_KEYS.secret] === undefined;
	if (!missing && registeredAt(staticData) >= Number(sealedAt)) return;
	const opened = async (fresh: boolean) => {
		const key = await keyFor.call(this, fresh);
		return key === undefined ? undefined : unseal(payload, key);
	};
	const carried = (await opened(false)) ?? (await opened(true));
	// The time in the clear only says whether to open it; what it holds decides.
	if (carried === undefined || (!missing && registeredAt(staticData) >= registeredAt(carried)))
		return;
	const changed = root.__dataChanged;
	for (const key of registrationKeys) delete staticData[key];
	Object.assign(staticData, carried);
	root.__dataChanged = changed;
}
