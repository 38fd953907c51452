'use strict';
/**
 * `npm run sandbox`: runs the sandbox until SIGINT/SIGTERM.
 * Environment: SANDBOX_PORT (default 4010), SANDBOX_HOST (default 127.0.0.1), SANDBOX_PUBLIC_KEY and
 * SANDBOX_SECRET_KEY (default pk_sandbox_demo / sk_sandbox_demo), SANDBOX_FAULTS (a JSON list of fault rules, see
 * faults.js; default none), SANDBOX_SIGNING (how deliveries are signed: raw-body, timestamped, timestamp-header or
 * standard-webhooks; default raw-body), SANDBOX_DELIVERY_PROFILE (how deliveries are retried: resend-every-failure,
 * stop-at-4xx, short-timeout or pause-endpoint; see retryProfiles.js).
 */
const {
	ADMIN_ROUTES,
	DEFAULT_HOST,
	DEFAULT_PUBLIC_KEY,
	DEFAULT_SECRET_KEY,
	SEED,
	startSandbox,
} = require('./index');
const { faultsFromEnv } = require('./faults');
const { signingFromEnv } = require('./signature');

const DEFAULT_PORT = 4010;

function portFromEnv(value) {
	if (value === undefined || value === '') return DEFAULT_PORT;
	const port = Number(value);
	if (!Number.isInteger(port) || port < 0 || port > 65_535) {
		throw new Error(`SANDBOX_PORT must be an integer from 0 to 65535, got ${value}`);
	}
	return port;
}

async function main() {
	const sandbox = await startSandbox({
		port: portFromEnv(process.env.SANDBOX_PORT),
		host: process.env.SANDBOX_HOST || DEFAULT_HOST,
		publicKey: process.env.SANDBOX_PUBLIC_KEY || DEFAULT_PUBLIC_KEY,
		secretKey: process.env.SANDBOX_SECRET_KEY || DEFAULT_SECRET_KEY,
		faults: faultsFromEnv(process.env.SANDBOX_FAULTS),
		signing: signingFromEnv(process.env.SANDBOX_SIGNING),
		delivery: { profile: process.env.SANDBOX_DELIVERY_PROFILE || undefined },
		log: (line) => console.log(`[sandbox] ${line}`),
	});
	console.log(`Payment Platform sandbox listening on ${sandbox.url}`);
	console.log(`  API base URL: ${sandbox.url}  (paths start with /v1)`);
	console.log(`  public key:   ${sandbox.publicKey}`);
	console.log(`  secret key:   ${sandbox.secretKey}`);
	console.log(`  merchant id:  ${SEED.merchantId}`);
	console.log(`  signing:      ${sandbox.signing} (SANDBOX_SIGNING)`);
	console.log('  admin routes (no authentication):');
	for (const route of ADMIN_ROUTES) console.log(`    ${route}`);
	const faults = sandbox.listFaults();
	if (faults.length > 0) {
		console.log('  fault rules (SANDBOX_FAULTS):');
		for (const rule of faults) console.log(`    ${JSON.stringify(rule)}`);
	}

	let stopping = false;
	const stop = (signal) => {
		if (stopping) return;
		stopping = true;
		console.log(`[sandbox] ${signal}: stopping`);
		sandbox.stop().then(
			() => process.exit(0),
			() => process.exit(1),
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error) => {
	console.error(`[sandbox] failed to start: ${error.message}`);
	process.exit(1);
});
