'use strict';
/** Names and places every tool shares: the repository, the package, its n8n types, the cache outside the repo. */
const fs = require('fs');
const os = require('os');
const path = require('path');

const ROOT = path.resolve(__dirname, '..', '..');
/**
 * @type {{ name: string, version: string, engines: { node: string }, n8n: { nodes: string[], credentials: string[] },
 *   repository: { url: string }, scripts?: Record<string, string>, homepage?: string, bugs?: { url?: string }, author?: { name?: string, email?: string, url?: string } }}
 */
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

/** The branch whose files the README's absolute links and images show. */
const DEFAULT_BRANCH = 'main';

/**
 * The repository's identity, stated once, in package.json's `repository` (`git+https://github.com/<owner>/<name>.git`);
 * every address of the repository is built from it: the README's links and images (which must be absolute to work on
 * npmjs.com), `homepage`, `bugs` and `author.url` (checked by test/repository.test.ts).
 */
function repositoryOf(packageJson) {
	const match = /^git\+https:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)\.git$/.exec(
		packageJson.repository?.url ?? '',
	);
	if (!match) {
		throw new Error(
			`package.json: repository.url must be git+https://github.com/<owner>/<name>.git, not ${JSON.stringify(packageJson.repository?.url)}`,
		);
	}
	const [, owner, name] = match;
	const url = `https://github.com/${owner}/${name}`;
	return {
		owner,
		name,
		url,
		ownerUrl: `https://github.com/${owner}`,
		issues: `${url}/issues`,
		/** GitHub's private vulnerability reporting form. */
		securityAdvisory: `${url}/security/advisories/new`,
		/** A file or folder as GitHub shows it, on the default branch. */
		page: (/** @type {string} */ file, kind = 'blob') => `${url}/${kind}/${DEFAULT_BRANCH}/${file}`,
		/** A file's raw bytes (what an image needs), on the default branch. */
		raw: (/** @type {string} */ file) =>
			`https://raw.githubusercontent.com/${owner}/${name}/${DEFAULT_BRANCH}/${file}`,
	};
}
const REPOSITORY = repositoryOf(PACKAGE_JSON);

module.exports = {
	CACHE_DIR,
	CREDENTIAL_NAME,
	CREDENTIAL_TYPE,
	EXAMPLES_DIR,
	NODE_TYPES,
	PACKAGE_JSON,
	PACKAGE_NAME,
	REPOSITORY,
	ROOT,
};
