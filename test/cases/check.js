'use strict';
/**
 * Checks one run of a case file (./index.js): the requests the sandbox recorded (its admin view, as JSON) and the
 * items the node emitted, the same way in-process and in a real n8n. A RegExp in the expectation stands for any
 * text it matches.
 */
const assert = require('node:assert/strict');

/**
 * @param {import('.').CaseRun & { input?: import('.').CaseInput }} c
 * @param {any[]} items the node's output items (JSON)
 * @param {any[]} requests what the sandbox recorded during the run
 * @param {import('.').CaseContext} context
 */
async function checkCase(c, items, requests, context) {
	const sent = requests.map((r) => `${r.method} ${r.path} ${r.status}`).join(', ');
	const expected = c.input?.operation ? 2 : 1;
	assert.equal(
		requests.length,
		expected,
		`expected ${expected} request(s), the sandbox got: ${sent}`,
	);
	assert.ok(
		requests.every((r) => r.status >= 200 && r.status < 300),
		`the sandbox answered: ${sent}`,
	);
	checkRequest(c.request, requests[requests.length - 1]);
	checkOutput(c.output ?? {}, items);
	await c.check?.(items, requests, context);
}

/**
 * @param {import('.').ExpectedRequest} expected
 * @param {any} request
 */
function checkRequest(expected, request) {
	const { method, path, query = {}, bodyIncludes, parts } = expected;
	assertMatches(
		{ method: request.method, path: request.path, query: request.query },
		{ method, path, query },
	);
	if ('body' in expected) assertMatches(request.body, expected.body);
	if (bodyIncludes) assertIncludes(request.body, bodyIncludes);
	if (parts) {
		assert.equal(request.parts?.length, parts.length, 'multipart parts');
		parts.forEach((part, index) => assertIncludes(request.parts[index], part));
	}
}

/**
 * @param {import('.').ExpectedOutput} expected
 * @param {any[]} items
 */
function checkOutput(expected, items) {
	const { ids, first, each } = expected;
	const count = expected.count ?? ids?.length ?? expected.items?.length ?? 1;
	assert.equal(items.length, count, `the node emitted ${items.length} item(s), not ${count}`);
	if (expected.items) assertMatches(items, expected.items);
	if (ids) assert.deepEqual(items.map((item) => item.id).sort(), [...ids].sort());
	if (first) assertIncludes(items[0], first);
	if (each) items.forEach((item) => assertIncludes(item, each));
}

/** `actual` equals `expected`, a RegExp there matching the text in its place. */
const assertMatches = (actual, expected) =>
	assert.deepEqual(actual, resolvePatterns(expected, actual));

/** `actual` contains `expected`, a RegExp there matching the text in its place. */
const assertIncludes = (actual, expected) =>
	assert.partialDeepStrictEqual(actual, resolvePatterns(expected, actual));

/**
 * `expected` with each RegExp that the text in its place matches replaced by that text, so that node:assert compares
 * (and shows the difference of) everything else.
 * @param {unknown} expected
 * @param {any} actual
 * @returns {unknown}
 */
function resolvePatterns(expected, actual) {
	if (expected instanceof RegExp) {
		return typeof actual === 'string' && expected.test(actual) ? actual : expected;
	}
	if (Array.isArray(expected)) {
		return expected.map((value, index) => resolvePatterns(value, actual?.[index]));
	}
	if (expected !== null && typeof expected === 'object') {
		return Object.fromEntries(
			Object.entries(expected).map(([key, value]) => [key, resolvePatterns(value, actual?.[key])]),
		);
	}
	return expected;
}

/**
 * Checks a batch the node stopped (./index.js, `batches`): the error, and the requests each input item caused.
 * @param {import('.').Batch} batch
 * @param {{ message?: unknown, description?: unknown } | undefined} error the run's error
 * @param {any[]} requests what the sandbox recorded during the run
 */
function checkBatch(batch, error, requests) {
	const message = String(error?.message);
	if (batch.message instanceof RegExp) assert.match(message, batch.message);
	else assert.equal(message, batch.message);
	if (batch.description) assert.match(String(error?.description), batch.description);
	const perItem = batch.items.map(
		(_item, index) => requests.filter((request) => batch.itemOf(request) === index).length,
	);
	assert.deepEqual(perItem, batch.requests, 'requests per input item');
	assert.equal(
		requests.length,
		perItem.reduce((sum, count) => sum + count, 0),
		'requests of no item',
	);
}

module.exports = { checkBatch, checkCase };
