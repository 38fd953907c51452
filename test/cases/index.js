'use strict';
/**
 * The operations' case files, `test/cases/<resource>/<operation>.case.js`: one per operation, read here for the jest
 * test (./operations.test.ts, in-process) and the e2e and security suites (lab/lib/operationCases.js, a real n8n).
 */
const fs = require('fs');
const path = require('path');

/**
 * @typedef {object} CaseInput The node's input item, as an earlier node hands it over (default: one empty item).
 * @property {Record<string, string | number>} [json] fields a Set node puts on the item (numbers stay numbers)
 * @property {{ base64: string, fileName: string, mimeType: string }} [file] a file in the binary field `data`
 * @property {Record<string, unknown>} [operation] another operation of this node (resource, operation and its
 *   parameters) whose output items are the input; its request is sent first
 *
 * @typedef {object} ExpectedRequest The one request the operation sends (the last one recorded).
 * @property {string} method
 * @property {string | RegExp} path
 * @property {Record<string, unknown>} [query] the whole query (default: none)
 * @property {unknown} [body] the whole JSON body, when the key is there (card data as the sandbox records it: masked)
 * @property {Record<string, unknown>} [bodyIncludes] what the JSON body must contain
 * @property {Array<Record<string, unknown>>} [parts] what each multipart part must contain
 *
 * @typedef {object} ExpectedOutput What the node emits; a RegExp stands for any text it matches.
 * @property {number} [count] how many items (default: as many as `ids` or `items` list, else 1)
 * @property {unknown[]} [items] the items, exactly
 * @property {string[]} [ids] the items' ids, in any order
 * @property {Record<string, unknown>} [first] what the first item must contain
 * @property {Record<string, unknown>} [each] what every item must contain
 *
 * @typedef {object} CaseRun A run of the operation and what it must send and emit.
 * @property {Record<string, unknown>} parameters the node's parameters besides resource and operation
 * @property {CaseInput} [input]
 * @property {ExpectedRequest} request
 * @property {ExpectedOutput} [output]
 * @property {(items: any[], requests: any[], context: CaseContext) => void | Promise<void>} [check] what data
 *   cannot say
 *
 * @typedef {object} CaseContext What a check may look at besides the run.
 * @property {import('../../scripts/lib/sandboxAdmin').SandboxAdmin} admin the sandbox's admin routes
 * @property {import('../../sandbox').Sandbox['store']} store the sandbox's records (it runs in the test's process)
 *
 * @typedef {object} Refusal Input the node (or n8n's own parameter check, `byN8n`) refuses before sending anything.
 * @property {string} title
 * @property {Record<string, unknown>} change the parameters that differ from the case's own (each replaces the
 *   case's parameter of that name)
 * @property {CaseInput} [input] the input item (twice: the error names each item)
 * @property {string} message the error's message (the node's: without " [item N]"; n8n's: a part of it)
 * @property {boolean} [byN8n] refused by n8n's parameter check, before the node runs
 * @property {boolean} [inN8n] also run by the e2e suite in a real n8n
 *
 * @typedef {object} Batch Several input items in one run without Continue On Fail, which the node stops at one of
 *   them; what each item sent before it stopped is counted.
 * @property {string} title
 * @property {Array<Record<string, string | number>>} items the input items' fields (in n8n: a Set node's list, split
 *   into items)
 * @property {Record<string, unknown>} change the parameters that differ from the case's own (each replaces the
 *   case's parameter of that name; expressions read the item's `$json`)
 * @property {{ retryOnFail?: boolean, maxTries?: number, waitBetweenTries?: number }} [settings] the node's
 *   settings
 * @property {string | RegExp} message the error's message, exactly (a RegExp: matching)
 * @property {RegExp} [description] what the error's description must match
 * @property {number[]} requests how many requests each input item caused before the node stopped
 * @property {(request: any) => number} itemOf which input item a request the sandbox recorded belongs to
 *
 * @typedef {CaseRun & {
 *   after?: string[],
 *   more?: Array<CaseRun & { title: string }>,
 *   refused?: Refusal[],
 *   batches?: Batch[],
 * }} CaseFile What a case file exports. `after`: the cases (`resource.operation`) whose state this one relies on;
 *   in-process they run first on a sandbox back at its seed, in the e2e suite they come earlier in its order.
 *   `more`: further runs of the operation (values through expressions), each with a title. `refused` is a table,
 *   one refusal a line (`// prettier-ignore` above it keeps it so). `batches`: runs of several items that the node
 *   stops, each with what every item sent.
 *
 * @typedef {CaseFile & { resource: string, operation: string, name: string, label: string }} OperationCase
 */

/** `resource → operation`, as the tests and checks are named. */
const labelOf = (resource, operation) => `${resource} → ${operation}`;

/** @returns {OperationCase[]} every case file, by resource and operation name */
function loadCases() {
	const resources = fs
		.readdirSync(__dirname, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.map((entry) => entry.name)
		.sort();
	return resources.flatMap((resource) =>
		fs
			.readdirSync(path.join(__dirname, resource))
			.filter((file) => file.endsWith('.case.js'))
			.sort()
			.map((file) => {
				const operation = file.slice(0, -'.case.js'.length);
				/** @type {CaseFile} */
				const caseFile = require(path.join(__dirname, resource, file));
				return {
					...caseFile,
					resource,
					operation,
					name: `${resource}.${operation}`,
					label: labelOf(resource, operation),
				};
			}),
	);
}

const CASES = loadCases();
const BY_NAME = new Map(CASES.map((c) => [c.name, c]));

/**
 * The order of one run against one sandbox: each case after those it names in `after`, otherwise by file.
 * @returns {OperationCase[]}
 */
function inRunOrder() {
	/** @type {OperationCase[]} */
	const ordered = [];
	const placing = new Set();
	/** @param {OperationCase} c */
	const place = (c) => {
		if (ordered.includes(c)) return;
		if (placing.has(c)) throw new Error(`${c.name} runs after itself (test/cases: after)`);
		placing.add(c);
		for (const name of c.after ?? []) place(caseNamed(name));
		ordered.push(c);
	};
	CASES.forEach(place);
	return ordered;
}

/** @param {string} name `resource.operation` */
function caseNamed(name) {
	const found = BY_NAME.get(name);
	if (!found)
		throw new Error(`No case file for ${name} (test/cases/<resource>/<operation>.case.js)`);
	return found;
}

/** The further runs (`more`) as cases of their own, titled. @returns {Array<OperationCase & { title: string }>} */
const variants = () =>
	CASES.flatMap((c) => (c.more ?? []).map((run) => ({ ...run, ...pick(c), title: run.title })));

/**
 * The refusals, each with its case's names and its parameters: the case's own with the refusal's change.
 * @returns {Array<Refusal & { parameters: Record<string, unknown>, resource: string, operation: string, name: string, label: string }>}
 */
const refusals = () =>
	CASES.flatMap((c) =>
		(c.refused ?? []).map((refusal) => ({
			...refusal,
			parameters: { ...c.parameters, ...refusal.change },
			...pick(c),
		})),
	);

/**
 * The batches, each with its case's names and its parameters: the case's own with the batch's change.
 * @returns {Array<Batch & { parameters: Record<string, unknown>, after?: string[], resource: string, operation: string, name: string, label: string }>}
 */
const batches = () =>
	CASES.flatMap((c) =>
		(c.batches ?? []).map((batch) => ({
			...batch,
			parameters: { ...c.parameters, ...batch.change },
			after: c.after,
			...pick(c),
		})),
	);

/** A case's names, for its further runs, refusals and batches. @param {OperationCase} c */
const pick = (c) => ({
	resource: c.resource,
	operation: c.operation,
	name: c.name,
	label: c.label,
});

module.exports = { CASES, batches, caseNamed, inRunOrder, refusals, variants };
