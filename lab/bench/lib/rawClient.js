'use strict';
/** What a plain Node script does to call the API: `fetch` with Basic auth, answer parsed. Only 127.0.0.1. */

/**
 * @param {string} base the sandbox's URL
 * @param {string} publicKey
 * @param {string} secretKey
 */
function rawClient(base, publicKey, secretKey) {
	const url = new URL(base);
	if (url.hostname !== '127.0.0.1') throw new Error(`only 127.0.0.1 (got ${base})`);
	const authorization = `Basic ${Buffer.from(`${publicKey}:${secretKey}`).toString('base64')}`;
	return {
		/**
		 * GETs `path` and returns its envelope and the size of the JSON received; throws on anything but a success.
		 * @param {string} path
		 * @returns {Promise<{ envelope: { data: any, pagination?: { totalPages: number } }, bytes: number }>}
		 */
		async getJson(path) {
			const response = await fetch(`${url.origin}${path}`, {
				headers: { accept: 'application/json', authorization },
			});
			const text = await response.text();
			const envelope = JSON.parse(text);
			if (!response.ok || !envelope.success) throw new Error(`${path}: HTTP ${response.status}`);
			return { envelope, bytes: Buffer.byteLength(text) };
		},
	};
}

/**
 * Prints the script's one JSON result line, or its error, as every bench child script does.
 * @param {() => Promise<object>} main
 */
function runScript(main) {
	main()
		.then((result) => process.stdout.write(`${JSON.stringify(result)}\n`))
		.catch((error) => {
			process.stderr.write(`${error.stack ?? error}\n`);
			process.exitCode = 1;
		});
}

module.exports = { rawClient, runScript };
