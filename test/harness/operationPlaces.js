'use strict';
/**
 * The operation files (nodes/PaymentPlatform/actions/<resource>/<operation>.operation.ts), read from the folders:
 * the place an operation is declared. Plain JavaScript because the community-node lint forbids reading files in .ts.
 */
const fs = require('fs');
const path = require('path');

const ACTIONS = path.resolve(__dirname, '..', '..', 'nodes', 'PaymentPlatform', 'actions');
const OPERATION_FILE = '.operation.ts';

/** `resource.operation` of every operation file under actions/. @returns {string[]} */
function operationFiles() {
	return fs
		.readdirSync(ACTIONS, { withFileTypes: true })
		.filter((entry) => entry.isDirectory())
		.flatMap((folder) =>
			fs
				.readdirSync(path.join(ACTIONS, folder.name))
				.filter((file) => file.endsWith(OPERATION_FILE))
				.map((file) => `${folder.name}.${file.slice(0, -OPERATION_FILE.length)}`),
		);
}

module.exports = { operationFiles };
