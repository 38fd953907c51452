/**
 * The repository's identity is stated once, in package.json's `repository`; every other address of it (homepage,
 * bugs, author, the credential's and the nodes' documentation links, the docs' links) is built from it, and nothing
 * says the package lives anywhere else or names a placeholder.
 */
import { PACKAGE_JSON, REPOSITORY, readTracked, trackedTextFiles } from './harness/repositoryFiles';
import { PaymentPlatformApi } from '../credentials/PaymentPlatformApi.credentials';

/** A GitHub address of a repository named like this package, in any file. */
const REPOSITORY_ADDRESS =
	/(?:github\.com|raw\.githubusercontent\.com)\/([\w.-]+)\/(n8n-nodes-payment-platform[\w.-]*?)(?:\.git)?(?=[/?#)\s"'`>]|$)/g;

describe('the repository identity', () => {
	it('package.json: repository, homepage, bugs and author agree', () => {
		expect(PACKAGE_JSON.repository.url).toBe(`git+${REPOSITORY.url}.git`);
		expect(PACKAGE_JSON.homepage).toBe(`${REPOSITORY.url}#readme`);
		expect(PACKAGE_JSON.bugs?.url).toBe(REPOSITORY.issues);
		expect(PACKAGE_JSON.author?.url).toBe(REPOSITORY.ownerUrl);
		expect(PACKAGE_JSON.author?.name).toBeTruthy();
		// n8n's lint requires an e-mail; a GitHub no-reply address reaches no stranger. Reports go through GitHub's private
		// vulnerability reporting (SECURITY.md).
		expect(PACKAGE_JSON.author?.email).toBe(`${REPOSITORY.owner}@users.noreply.github.com`);
	});

	it('package.json names no placeholder address', () => {
		expect(JSON.stringify(PACKAGE_JSON)).not.toMatch(/example\.(com|org|net)|your-?(name|org)/i);
	});

	it("the credential's documentation link is the README's Credentials section of this repository", () => {
		expect(new PaymentPlatformApi().documentationUrl).toBe(
			`${REPOSITORY.url}?tab=readme-ov-file#credentials`,
		);
	});

	it('every tracked file that names a GitHub repository of this package names the one in package.json', () => {
		const others: string[] = [];
		for (const file of trackedTextFiles()) {
			for (const [address, owner, name] of readTracked(file).matchAll(REPOSITORY_ADDRESS)) {
				if (owner !== REPOSITORY.owner || name !== REPOSITORY.name)
					others.push(`${file}: ${address}`);
			}
		}
		expect(others).toEqual([]);
	});
});
