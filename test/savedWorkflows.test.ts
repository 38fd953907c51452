/**
 * Saved workflows keep sending what they sent: each release's fixture (test/savedWorkflows/<release>.json, recorded
 * by the release) holds every operation saved as that release's node saved it, with the requests it sent; this
 * release's node must send the same. A change that would alter them needs a new node version (CONTRIBUTING.md).
 *
 * `SAVE_WORKFLOWS=<release> npx jest test/savedWorkflows.test.ts` records the fixture of a release instead: every
 * case file that needs no input and no earlier case, run twice, kept when both runs sent the same requests.
 */
import type { INodeParameters } from 'n8n-workflow';
import { PaymentPlatform } from '../nodes/PaymentPlatform/PaymentPlatform.node';
import { CASES } from './cases';
import { actionWorkflow, credentialsFor, runWorkflow, type WorkflowJson } from './harness';
import { useSandbox } from './harness/sandbox';
import { releaseToRecord, saveRelease, savedReleases } from './harness/savedWorkflows';

type SentRequest = { method: string; path: string; query: unknown; body: unknown };

const sandbox = useSandbox({}, { resetBeforeEach: true });

/** The requests a workflow sends to a sandbox at its seed, as the fixture keeps them. */
async function sentBy(workflow: WorkflowJson) {
	sandbox().reset();
	const result = await runWorkflow(workflow, { credentials: credentialsFor(sandbox()) });
	const requests = sandbox().requests.map(({ method, path, query, body }) => ({
		method,
		path,
		query,
		body,
	}));
	return {
		error: result.error?.message,
		requests: JSON.parse(JSON.stringify(requests)) as SentRequest[],
	};
}

const recording = releaseToRecord();
/** The version n8n gives a new node: the last of the node's versions. */
const { version } = new PaymentPlatform().description;
const newestVersion = Array.isArray(version) ? Math.max(...version) : version;

if (recording) {
	it(`records the saved workflows of ${recording}`, async () => {
		const workflows = [];
		for (const c of CASES.filter((c) => !c.input && !c.after?.length)) {
			const parameters = { resource: c.resource, operation: c.operation, ...c.parameters };
			const workflow = actionWorkflow(parameters as INodeParameters);
			for (const node of workflow.nodes)
				if (node.name === 'Payment Platform') node.typeVersion = newestVersion;
			const [first, second] = [await sentBy(workflow), await sentBy(workflow)];
			if (first.error || JSON.stringify(first) !== JSON.stringify(second)) continue;
			workflows.push({ name: c.name, workflow, requests: first.requests });
		}
		expect(workflows.length).toBeGreaterThan(0);
		saveRelease(recording, workflows);
	});
} else {
	const releases = savedReleases();

	it('holds the fixture of at least one release', () => {
		expect(releases.length).toBeGreaterThan(0);
	});

	describe.each(releases.map((r) => [r.release, r.workflows] as const))(
		'workflows saved with %s',
		(_release, workflows) => {
			it.each(workflows.map((w) => [w.name, w] as const))(
				'%s sends what it sent',
				async (_n, w) => {
					expect(await sentBy(w.workflow as WorkflowJson)).toEqual({
						error: undefined,
						requests: w.requests,
					});
				},
			);
		},
	);
}
