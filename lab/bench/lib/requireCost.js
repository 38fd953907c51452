'use strict';
/**
 * Run in a fresh process: how long `require` of a package's node files takes, cold (nothing of them cached).
 *
 *   node lab/bench/lib/requireCost.js <file> [<file> ...]
 *
 * The n8n-workflow those files resolve is required first and not counted: n8n has always loaded it before it loads
 * any node. Prints one JSON line: { ms, workflowMs }.
 */
const path = require('path');

const files = process.argv.slice(2).map((file) => path.resolve(file));
const t0 = process.hrtime.bigint();
require(require.resolve('n8n-workflow', { paths: [path.dirname(files[0])] }));
const t1 = process.hrtime.bigint();
for (const file of files) require(file);
const t2 = process.hrtime.bigint();
process.stdout.write(
	`${JSON.stringify({ ms: Number(t2 - t1) / 1e6, workflowMs: Number(t1 - t0) / 1e6 })}\n`,
);
