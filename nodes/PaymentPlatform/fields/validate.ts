import type { INode } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

/**
 * Length in characters as the API reference counts them: Unicode code points (an emoji is one character, not two
 * UTF-16 units), as JSON Schema's maxLength does. The sandbox counts the same way (sandbox/api/rules.js).
 */
export function characterCount(value: string): number {
	return Array.from(value).length;
}

/**
 * Input refusals, raised before any request is sent. Each is a NodeOperationError naming the API field, the rule and
 * the item index. Values are never echoed back, since some (card numbers, CVV) are sensitive. The rules themselves
 * are declared with the operations' fields (fields.ts) and run by fieldRules.ts.
 */
export class InputValidator {
	constructor(
		private readonly node: INode,
		private readonly itemIndex: number,
	) {}

	/** Refuses `field` for `rule`; `hint`, when given, ends the description (how to give the value instead). */
	fail(field: string, rule: string, hint?: string): never {
		const fix = `Fix "${field}" in item ${this.itemIndex}; nothing was sent to the API.`;
		throw new NodeOperationError(this.node, `${field} ${rule} [item ${this.itemIndex}]`, {
			itemIndex: this.itemIndex,
			description: hint ? `${fix} ${hint}` : fix,
		});
	}

	required(field: string, value: unknown): void {
		if (value === undefined || value === null || value === '') this.fail(field, 'is required');
	}
}
