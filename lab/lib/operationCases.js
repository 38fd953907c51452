'use strict';
/**
 * The operations' case files (test/cases/<resource>/<operation>.case.js) as the suites in a real n8n run them: in
 * one run against one sandbox, each after the cases it names in `after`, the further runs (`more`: values through
 * expressions) last. An input item becomes the nodes before the action node; the checks are the case files' own.
 */
const { batches, inRunOrder, refusals, variants } = require('../../test/cases');
const { checkBatch, checkCase } = require('../../test/cases/check');
const { ROOT } = require('../../scripts/lib/packageInfo');
const { actionNode, base64ToFileNode, itemsNodes, setNode } = require('./workflows');

/**
 * @typedef {object} OperationRun
 * @property {string} resource
 * @property {string} operation
 * @property {string} label `resource → operation`
 * @property {string} [title] a further run's title
 * @property {object} parameters
 * @property {Array<object | Function>} before the nodes between the start and the action node
 * @property {(items: object[], requests: object[], context: import('../../test/cases').CaseContext) => Promise<void>} expect
 */

/**
 * The nodes that hand the case's input item to the action node.
 * @param {import('../../test/cases').CaseInput} [input]
 */
function inputNodes(input) {
	if (input?.operation) return [actionNode('Input', input.operation)];
	if (input?.file) {
		const { base64, fileName, mimeType } = input.file;
		return [
			setNode('File As Base64', { file: base64 }),
			base64ToFileNode('File', 'file', fileName, mimeType),
		];
	}
	return input?.json ? [setNode('Input', input.json)] : [];
}

/**
 * @param {import('../../test/cases').OperationCase & { title?: string }} c
 * @returns {OperationRun}
 */
const asRun = (c) => ({
	...c,
	before: inputNodes(c.input),
	expect: (items, requests, context) => checkCase(c, items, requests, context),
});

const OPERATION_CASES = inRunOrder().map(asRun);
const EXPRESSION_CASES = variants().map(asRun);

/**
 * The batches (several items the node stops at one of), each with its input nodes and its check: the execution's
 * error and the requests each item caused.
 */
const BATCH_CASES = batches().map((batch) => ({
	...batch,
	title: `several items: ${batch.title}`,
	before: itemsNodes('Orders', batch.items),
	/** @param {any} error @param {any[]} requests */
	expect: (error, requests) => checkBatch(batch, error, requests),
}));

/**
 * The refusals the suites run in n8n: the execution fails with the message, before any request. `failsEditorCheck`:
 * n8n's own parameter check refuses it, before the node runs.
 */
const INVALID_CASES = refusals()
	.filter((refusal) => refusal.inN8n)
	.map((refusal) => ({
		...refusal,
		title: `invalid input: ${refusal.title}`,
		expectedMessage: new RegExp(
			`${refusal.byN8n ? '' : '^'}${refusal.message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`,
		),
		failsEditorCheck: Boolean(refusal.byN8n),
	}));

/**
 * The refusal run in n8n that n8n's own parameter check makes (`failsEditorCheck`), or else the node.
 * @param {boolean} failsEditorCheck
 */
function invalidCase(failsEditorCheck) {
	const found = INVALID_CASES.find((c) => c.failsEditorCheck === failsEditorCheck);
	if (!found)
		throw new Error(`No refusal with inN8n${failsEditorCheck ? ' and byN8n' : ''} in test/cases`);
	return found;
}

/**
 * The operations of the node (`resource.operation`), read from the built node's Resource and Operation options: the
 * suite's count comes from there, not from a typed number.
 */
function registryOperations() {
	const path = require('path');
	const built = path.join(ROOT, 'dist/nodes/PaymentPlatform/PaymentPlatform.node.js');
	/** @type {any[]} */
	const properties = new (require(built).PaymentPlatform)().description.properties;
	const values = (/** @type {any} */ property) => (property?.options ?? []).map((o) => o.value);
	return values(properties.find((p) => p.name === 'resource')).flatMap((resource) =>
		values(
			properties.find(
				(p) => p.name === 'operation' && p.displayOptions?.show?.resource?.[0] === resource,
			),
		).map((operation) => `${resource}.${operation}`),
	);
}

module.exports = {
	BATCH_CASES,
	EXPRESSION_CASES,
	INVALID_CASES,
	OPERATION_CASES,
	invalidCase,
	registryOperations,
};
