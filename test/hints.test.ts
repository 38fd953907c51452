/**
 * The action node's description-level hints, as the editor shows them: each `displayCondition` of the BUILT node is
 * evaluated by n8n-workflow's expression engine over the parameters the editor holds (defaults filled in for the
 * fields shown), and must give a boolean; each hint shows exactly when its setting is on.
 */
import type { INodeParameters } from 'n8n-workflow';
import { Workflow } from 'n8n-workflow';
import { builtNodeDescriptions } from './harness/builtPackage';
import { editorNode } from './harness/editorNode';
import { chargeGet as chargeGetOf } from './harness/parameters';
import { TestNodeTypes } from './harness/nodeTypes';

const description = builtNodeDescriptions().paymentPlatform;

/** The first words of each hint the editor shows for `parameters`. */
function shownHints(parameters: INodeParameters): string[] {
	const node = editorNode(description, parameters);
	const workflow = new Workflow({
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new TestNodeTypes(),
	});
	return (description.hints ?? [])
		.filter((hint) => {
			const shown = workflow.expression.getSimpleParameterValue(
				node,
				hint.displayCondition ?? '',
				'internal',
				{},
			);
			expect(typeof shown).toBe('boolean');
			return shown === true;
		})
		.map((hint) => hint.message.split(/ (is|requests|sends) /)[0]);
}

const chargeGet = chargeGetOf('x');
const chargeGetAll = { resource: 'charge', operation: 'getAll' };
const batching = { options: { batching: { batch: { batchSize: 10, batchInterval: 0 } } } };

describe('hints of the built action node', () => {
	it('each is an info beside the output, with a condition', () => {
		expect(description.hints?.length).toBeGreaterThan(0);
		for (const hint of description.hints ?? []) {
			expect(hint).toMatchObject({ type: 'info', location: 'outputPane' });
			expect(hint.displayCondition).toMatch(/^=\{\{ .+ \}\}$/);
		}
	});

	// prettier-ignore
	it.each([
		['Get with Simplify at its default (on)', chargeGet, ['Simplify']],
		['Get with Simplify off', { ...chargeGet, simplify: false }, []],
		['Get Many with Return All', { ...chargeGetAll, returnAll: true, simplify: false }, ['Return All']],
		['Get Many with a Limit', { ...chargeGetAll, returnAll: false, simplify: false }, []],
		['Get with Batching added', { ...chargeGet, simplify: false, ...batching }, ['Batching']],
		['Get with other options only', { ...chargeGet, simplify: false, options: {} }, []],
		['Webhook Endpoint → Create (none of these settings)', { resource: 'webhookEndpoint', operation: 'create' }, []],
	] as const)('%s', (_title, parameters, expected) => {
		expect(shownHints(parameters as unknown as INodeParameters)).toEqual(expected);
	});
});
