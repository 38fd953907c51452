'use strict';
/**
 * A real n8n with this package installed, for `npm start`, the end-to-end suite and whatever else needs one
 * (benchmarks, attack suites). Everything runs on loopback. Must run under scripts/node24.sh (Node 24 on PATH).
 *
 *   const n8n = require('./lab/lib/n8n');
 *   await n8n.buildPackage();
 *   const n8nDir = await n8n.installN8n();
 *   const stack = await n8n.startStack({ n8nDir, userFolder });
 *   // sandbox + n8n with the package installed as a community node + owner + API key + credential + examples
 *   await stack.client.activateWorkflow(stack.examples['charge-events-to-team-channel'].id);
 *   ...
 *   await stack.stop();
 *
 * or piece by piece: installPackage(userFolder), startN8n(...), new N8nClient(url).ensureOwner(), ...
 *
 * This file only gathers the modules that do each job: packageInfo (names, places), packageInstall (build, place the
 * package), n8nLines (what differs between n8n lines), n8nInstall (install an n8n, and its Node), n8nProcess (CLI and
 * servers), n8nClient (REST and public API), stack (the ready instance). Waiting: scripts/lib/wait.
 */
module.exports = {
	...require('../../scripts/lib/packageInfo'),
	...require('./packageInstall'),
	...require('./n8nInstall'),
	...require('./n8nLines'),
	...require('./n8nProcess'),
	...require('./n8nClient'),
	...require('./stack'),
	tail: require('./processes').tail,
};
