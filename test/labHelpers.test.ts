/**
 * One helper per job in the lab: each job the suites share is done by one module in lab/lib (or, where the unit tests
 * need it too, in test/harness), and no suite writes its own copy. Read from the tracked files, as layout.test.ts does.
 */
import { readTracked, trackedFiles } from './harness/repositoryFiles';

const labFiles = trackedFiles().filter((file) => /^lab\/.*\.js$/.test(file));
const codeFiles = trackedFiles().filter(
	(file) =>
		/^(lab|test|scripts|sandbox)\/.*\.(js|ts)$/.test(file) && file !== 'test/labHelpers.test.ts',
);

/** The files among `files` whose text matches `pattern`, except `owners`. */
const filesMatching = (files: string[], pattern: RegExp, owners: string[]) =>
	files.filter((file) => !owners.includes(file) && pattern.test(readTracked(file)));

describe('one helper per job in the lab', () => {
	it('reads some lab files (the checks below are not vacuous)', () => {
		expect(labFiles.length).toBeGreaterThan(50);
		expect(labFiles).toEqual(
			expect.arrayContaining([
				'lab/lib/n8nExecute.js',
				'lab/lib/executions.js',
				'lab/lib/workflows.js',
				'lab/lib/http.js',
			]),
		);
	});

	it('`n8n execute` runs through lab/lib/n8nExecute.js (the leak search keeps its debug-level capture)', () => {
		expect(
			filesMatching(labFiles, /\[\s*'execute',/, [
				'lab/lib/n8nExecute.js',
				'lab/security/lib/leakCliRuns.js',
			]),
		).toEqual([]);
	});

	it('executions are listed and waited for through lab/lib/executions.js', () => {
		expect(filesMatching(labFiles, /[`'"]\/executions\?/, ['lab/lib/executions.js'])).toEqual([]);
		expect(filesMatching(labFiles, /\blistExecutions\b/, [])).toEqual([]);
	});

	it('nodes and workflows are built by lab/lib/workflows.js', () => {
		expect(filesMatching(labFiles, /function chain\(/, ['lab/lib/workflows.js'])).toEqual([]);
		expect(
			filesMatching(labFiles, /paymentPlatformTriggerNode\(/, ['lab/lib/workflows.js']),
		).toEqual([]);
	});

	it('waitFor and sleep come from scripts/lib/wait.js, one way', () => {
		expect(
			filesMatching(labFiles, /\b(waitFor|sleep)\b[^}]*\}\s*=\s*require\('[./]*lib\/n8n'\)/, []),
		).toEqual([]);
		expect(filesMatching(labFiles, /\bn8n\.(waitFor|sleep)\(/, [])).toEqual([]);
	});

	it("the signature families' own libraries sign in test/harness/librarySigners.js alone", () => {
		expect(
			filesMatching(codeFiles, /(require\(|from )'(stripe|standardwebhooks)'/, [
				'test/harness/librarySigners.js',
			]),
		).toEqual([]);
	});

	it('a production webhook is awaited through lab/lib/http.js (the bench asks with a preflight instead)', () => {
		expect(
			filesMatching(labFiles, /waitFor\(\s*'the production webhook'/, ['lab/lib/http.js']),
		).toEqual([]);
	});
});
