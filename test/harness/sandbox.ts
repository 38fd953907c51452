/**
 * The one way a jest test file gets a sandbox: started once for the file, stopped after it, and before each test
 * either its recorded requests cleared or (`resetBeforeEach`) its whole state back to the seed.
 */
import { startSandbox } from '../../sandbox';

export type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
export type SandboxOptions = NonNullable<Parameters<typeof startSandbox>[0]>;

/**
 * Registers the file's `beforeAll`/`afterAll`/`beforeEach` hooks and returns the running sandbox's getter (call it
 * inside tests and hooks). The sandbox listens on a free port unless `options.port` says otherwise.
 */
export function useSandbox(
	options: SandboxOptions = {},
	{ resetBeforeEach = false }: { resetBeforeEach?: boolean } = {},
): () => Sandbox {
	let sandbox: Sandbox | undefined;
	beforeAll(async () => {
		sandbox = await startSandbox({ port: 0, ...options });
	});
	afterAll(async () => {
		await sandbox?.stop();
		sandbox = undefined;
	});
	beforeEach(() => (resetBeforeEach ? sandbox?.reset() : sandbox?.clearRequests()));
	return () => {
		if (!sandbox) throw new Error('The sandbox runs only inside the tests and hooks of its file');
		return sandbox;
	};
}
