import type { INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { PaymentPlatform } from '../nodes/PaymentPlatform/PaymentPlatform.node';
import { byId } from './harness/actions';
import { editorNode } from './harness/editorNode';

const description = new PaymentPlatform().description;

/** The issues n8n's editor shows for the node's parameters (the same check that greys out Execute). */
function editorIssues(parameters: INodeParameters): string[] {
	const issues = NodeHelpers.getNodeParametersIssues(
		description.properties,
		editorNode(description, parameters),
		description,
	);
	return Object.values(issues?.parameters ?? {}).flat();
}

const UUID = '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';

describe('"By ID" locators in the editor', () => {
	it.each([
		['submerchant', { resource: 'submerchant', operation: 'get' }, 'submerchantId'],
		['charge', { resource: 'charge', operation: 'get' }, 'chargeId'],
	])(
		'a %s ID is accepted in lower and upper case, and anything else is flagged',
		(noun, base, field) => {
			expect(editorIssues({ ...base, [field]: byId(UUID) })).toEqual([]);
			expect(editorIssues({ ...base, [field]: byId(UUID.toUpperCase()) })).toEqual([]);
			expect(
				editorIssues({ ...base, [field]: byId('3F1C2A9E-8b7d-4C6E-9a1b-2c3d4e5f6a7b') }),
			).toEqual([]);
			expect(editorIssues({ ...base, [field]: byId(`${UUID}0`) })).toEqual([
				`Not a valid ${noun} ID (UUID)`,
			]);
			expect(editorIssues({ ...base, [field]: byId('not-a-uuid') })).toEqual([
				`Not a valid ${noun} ID (UUID)`,
			]);
		},
	);
});
