/**
 * A release passes where it runs. A version of the list marked not installable (lab/lib/n8nLines.js) is installed and
 * tested where the registry has its missing package and skipped with its reason where it does not, neither failing
 * its phase: the decision asked of a registry on loopback that answers each way. After `npm publish`, publish.yml
 * runs n8n's community package scanner on the published version and fails on its verdict.
 */
import { PACKAGE_JSON, readTracked } from './harness/repositoryFiles';
import {
	installPlanAgainst,
	packument,
	startRegistry,
	versionsUnderTest,
} from './harness/registryStub';

const VERSIONS = versionsUnderTest();
const noted = VERSIONS.find((entry) => entry.notInstallable);
const plain = VERSIONS.find((entry) => !entry.notInstallable);

describe('a version marked not installable', () => {
	if (!noted) {
		it('none is listed now (the decision is checked while one is)', () => {
			expect(VERSIONS.every((entry) => !entry.notInstallable)).toBe(true);
		});
		return;
	}
	const { missing, reason } = noted.notInstallable!;
	const at = missing.lastIndexOf('@');
	const [name, version] = [missing.slice(0, at), missing.slice(at + 1)];

	it('is installed and run where the registry has its missing package', async () => {
		const registry = await startRegistry((asked) =>
			asked === name ? { status: 200, body: packument(name, ['0.0.1', version]) } : { status: 404 },
		);
		try {
			const { code, plan } = await installPlanAgainst(noted.version, registry.url);
			expect(code).toBe(0);
			expect(plan).toEqual({
				run: true,
				note: expect.stringContaining(`${missing} is on this registry`),
			});
			expect(registry.asked).toContain(name);
		} finally {
			await registry.close();
		}
	});

	it.each([
		['does not know the package', () => ({ status: 404 })],
		[
			'has the package but not that version',
			() => ({ status: 200, body: packument(name, ['0.0.1']) }),
		],
	])('is skipped with its reason where the registry %s', async (_, answer) => {
		const registry = await startRegistry(answer);
		try {
			const { code, plan } = await installPlanAgainst(noted.version, registry.url);
			expect(code).toBe(0);
			expect(plan).toEqual({ run: false, reason, missing });
		} finally {
			await registry.close();
		}
	});

	it('is an error, neither run nor skipped, when the registry fails', async () => {
		const registry = await startRegistry(() => ({ status: 500 }));
		try {
			const { code, plan, stderr } = await installPlanAgainst(noted.version, registry.url);
			expect(code).not.toBe(0);
			expect(plan).toBeUndefined();
			expect(stderr).toContain(`npm view ${missing} failed`);
		} finally {
			await registry.close();
		}
	});
});

describe('a version without the note', () => {
	it('runs without asking the registry', async () => {
		const registry = await startRegistry(() => ({ status: 500 }));
		try {
			const { code, plan } = await installPlanAgainst(plain!.version, registry.url);
			expect({ code, plan, asked: registry.asked }).toEqual({
				code: 0,
				plan: { run: true },
				asked: [],
			});
		} finally {
			await registry.close();
		}
	});
});

describe('the end-to-end phase of a version', () => {
	const run = readTracked('lab/e2e/run.js');

	it('takes the install plan, skips with its reason, and fails on nothing else the note says', () => {
		expect(run).toMatch(
			/const plan = await n8n\.installPlan\(entry\);\s*if \(!plan\.run\) \{\s*report\.skip\(/,
		);
		expect(run).not.toMatch(/notInstallable/);
	});
});

/** The text of a job of a workflow: its lines from `  <job>:` to the next job. */
function jobOf(workflow: string, job: string) {
	const start = workflow.indexOf(`\n  ${job}:\n`);
	if (start === -1) return undefined;
	const rest = workflow.slice(start + 1);
	const end = rest.slice(1).search(/\n {2}[\w-]+:\n/);
	return end === -1 ? rest : rest.slice(0, end + 1);
}

describe('publish.yml', () => {
	const workflow = readTracked('.github/workflows/publish.yml');

	it('publishes after the CI workflow passed', () => {
		expect(jobOf(workflow, 'verify')).toContain('uses: ./.github/workflows/ci.yml');
		expect(jobOf(workflow, 'publish')).toMatch(/needs: verify\n/);
		expect(jobOf(workflow, 'publish')).toMatch(/npm publish "\$PACKAGE_TARBALL" --provenance/);
	});

	it('then scans the published version with n8n community package scanner and fails on its verdict', () => {
		const scan = jobOf(workflow, 'scan');
		expect(scan).toMatch(/needs: publish\n/);
		expect(scan).toContain(`spec="${PACKAGE_JSON.name}@$GITHUB_REF_NAME"`);
		expect(scan).toContain('npx --yes @n8n/scan-community-package "$spec" | tee scan.log');
		// The scanner exits 0 on a failed scan; the job reads the verdict it prints.
		expect(scan).toMatch(/grep -q 'has passed all security checks' scan\.log\s*$/);
	});
});
