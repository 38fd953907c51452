'use strict';
/** Names and places every tool shares: the repository, the package, its n8n types, the cache outside the repo. */
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
/** @type {{ name: string, version: string, engines: { node: string }, n8n: { nodes: string[], credentials: string[] } }} */
const PACKAGE_JSON = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const PACKAGE_NAME = PACKAGE_JSON.name;
const CACHE_DIR =
	process.env.PAYMENT_PLATFORM_CACHE ||
	path.join(os.homedir(), '.cache', 'n8n-nodes-payment-platform');

/** Node and credential type names as n8n knows them once the package is installed as a community package. */
const NODE_TYPES = {
	action: `${PACKAGE_NAME}.paymentPlatform`,
	trigger: `${PACKAGE_NAME}.paymentPlatformTrigger`,
};
const CREDENTIAL_TYPE = 'paymentPlatformApi';
const CREDENTIAL_NAME = 'Payment Platform (sandbox)';
const EXAMPLES_DIR = path.join(ROOT, 'examples');

module.exports = {
	CACHE_DIR,
	CREDENTIAL_NAME,
	CREDENTIAL_TYPE,
	EXAMPLES_DIR,
	NODE_TYPES,
	PACKAGE_JSON,
	PACKAGE_NAME,
	ROOT,
};
