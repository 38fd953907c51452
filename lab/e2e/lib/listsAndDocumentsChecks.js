'use strict';
/**
 * Every record once and no empty documents, in a real n8n (both lines), against the sandbox behaving as a platform
 * can: Charge → Get Many with Return All while new charges arrive at the head of the list outputs each charge once;
 * a full page without pagination data and a `data` that is not a list stop the node, naming the API Names entry;
 * Submerchant Document → Create without a File URL, or from an empty binary field, is refused with nothing sent.
 */
const assert = require('node:assert/strict');
const { execute } = require('../../lib/n8nExecute');
const { nodeOutput } = require('../../lib/executions');
const {
	ACTION_NODE_NAME,
	base64ToFileNode,
	operationWorkflow,
	setNode,
} = require('../../lib/workflows');
const { SEED } = require('../../../sandbox/seedIds');

const CHARGES = 230;
const chargesAll = { resource: 'charge', operation: 'getAll', returnAll: true, simplify: false };
const documentCreate = {
	resource: 'submerchantDocument',
	operation: 'create',
	submerchantId: { __rl: true, mode: 'id', value: SEED.submerchants.pfReadyForReview },
	documentType: 'front_id',
};

/** Runs a new workflow of `parameters`; returns the node's output and the execution's error. */
async function run(context, name, parameters, before = []) {
	const created = await context.client.createWorkflow(
		operationWorkflow(name, parameters, context.credential, before),
	);
	const { run: execution } = await execute(context, created.id);
	return {
		output: nodeOutput(execution, ACTION_NODE_NAME),
		error: execution.data.resultData.error,
	};
}

async function checkListsAndDocuments(report, context) {
	const { sandbox, admin } = context;
	/** Charge → Get Many (Return All) while the sandbox answers the list with `kind` (faults.js). */
	const runWithFault = async (kind, title) => {
		sandbox.setFaults([{ route: 'GET /v1/charges', kind }]);
		try {
			return await run(context, title, chargesAll);
		} finally {
			sandbox.clearFaults();
		}
	};

	await report.check(
		`lists: Return All over ${CHARGES} charges while a new one arrives before each page outputs every charge once`,
		async () => {
			const missing = CHARGES - sandbox.store.chargesNewestFirst().length;
			if (missing > 0) sandbox.seedCharges(missing);
			const before = sandbox.store.chargesNewestFirst().map((charge) => charge.id);
			const result = await runWithFault(
				'grows_at_head',
				'E2E Charge → Get Many while charges arrive',
			);
			assert.equal(result.error, undefined, result.error?.message);
			const ids = result.output.map((charge) => charge.id);
			assert.equal(
				new Set(ids).size,
				ids.length,
				`${ids.length} items, ${new Set(ids).size} distinct`,
			);
			const absent = before.filter((id) => !ids.includes(id));
			assert.deepEqual(absent, [], 'charges listed before the run but not output');
		},
	);

	await report.check(
		'lists: a full page without pagination data stops the node, naming the page parameters and API Names',
		async () => {
			const result = await runWithFault(
				'no_pagination',
				'E2E Charge → Get Many without pagination',
			);
			assert.match(String(result.error?.message), /without pagination data/);
			assert.match(String(result.error?.description), /"page" and "perPage".*API Names/s);
		},
	);

	await report.check(
		'lists: a "data" that is not a list stops the node rather than output nothing',
		async () => {
			const result = await runWithFault('data_not_list', 'E2E Charge → Get Many, data not a list');
			assert.match(String(result.error?.message), /"data" that is not a list/);
			assert.deepEqual(result.output, []);
		},
	);

	await report.check(
		'documents: Submerchant Document → Create without a File URL is refused, nothing sent',
		async () => {
			await admin.clearRequests();
			const result = await run(context, 'E2E Document without a file', {
				...documentCreate,
				fileSource: 'url',
				fileUrl: '={{ $json.file_url }}',
			});
			assert.match(String(result.error?.message), /^file_url is required/);
			const posts = (await admin.requests()).filter((request) => request.method === 'POST');
			assert.deepEqual(posts, []);
		},
	);

	await report.check(
		'documents: Submerchant Document → Create from an empty binary field is refused, nothing sent',
		async () => {
			await admin.clearRequests();
			const result = await run(
				context,
				'E2E Document from an empty file',
				{
					...documentCreate,
					fileSource: 'binary',
					binaryPropertyName: 'data',
					fileUrl: 'https://files.example.com/front.pdf',
				},
				[
					setNode('Empty', { file: '====' }),
					base64ToFileNode('File', 'file', 'front.pdf', 'application/pdf'),
				],
			);
			assert.match(String(result.error?.message), /^binaryPropertyName must hold a file/);
			const posts = (await admin.requests()).filter((request) => request.method === 'POST');
			assert.deepEqual(posts, []);
		},
	);
}

module.exports = { checkListsAndDocuments };
