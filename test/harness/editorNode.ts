import type { INode, INodeParameters, INodeTypeDescription } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { ACTION_NODE_TYPE } from './nodeTypes';

/**
 * The action node as n8n's editor holds it: of `parameters`, the ones shown, with the defaults of the shown fields
 * filled in (what the editor's checks and hints see).
 */
export function editorNode(description: INodeTypeDescription, parameters: INodeParameters): INode {
	const node: INode = {
		id: 'editor-node',
		name: 'Payment Platform',
		type: ACTION_NODE_TYPE,
		typeVersion: 1,
		position: [0, 0],
		parameters: {},
	};
	node.parameters =
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			node,
			description,
		) ?? {};
	return node;
}
