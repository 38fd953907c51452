import { RETRY_POLICY } from '../../nodes/shared/chosenNames';
import { startScriptedApi } from './scriptedApi';

export type ScriptedApi = Awaited<ReturnType<typeof startScriptedApi>>;
export type Received = ScriptedApi['requests'][number];
export type Answer = ReturnType<Parameters<ScriptedApi['answer']>[0]>;

/**
 * A scripted API for the whole test file, started before its tests and stopped after them, with retry waits of
 * 10 ms meanwhile (the policy is restored afterwards). `api()` is the running API, `target()` what runAction needs.
 */
export function scriptedApiForThisFile(keys: { publicKey: string; secretKey: string }) {
	let api: ScriptedApi | undefined;
	const savedRetry = { ...RETRY_POLICY };
	beforeAll(async () => {
		api = await startScriptedApi();
		RETRY_POLICY.baseDelayMs = 10;
	});
	afterAll(async () => {
		Object.assign(RETRY_POLICY, savedRetry);
		await api?.stop();
	});
	const running = (): ScriptedApi => {
		if (!api) throw new Error('the scripted API is not running');
		return api;
	};
	return { api: running, target: () => ({ url: running().url, ...keys }) };
}
