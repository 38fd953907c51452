'use strict';
// Type-checks the package as `npm run build` does, with some files replaced or added, for tests that show what
// fails to compile. Plain JavaScript because the community-node lint rules (no `path`) apply to every .ts file.
const path = require('path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');

/** @type {ts.Program | undefined} the last program built: the next one reuses its unchanged files */
let previous;

/**
 * The package's type errors with `replaced` (repository-relative path -> file text) in place of, or besides, its
 * files.
 * @param {Record<string, string>} replaced
 * @returns {string[]}
 */
function typeErrors(replaced) {
	const byPath = new Map(
		Object.entries(replaced).map(([file, text]) => [path.join(ROOT, file), text]),
	);
	const config = ts.getParsedCommandLineOfConfigFile(
		path.join(ROOT, 'tsconfig.json'),
		{},
		{
			...ts.sys,
			onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
				throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
			},
		},
	);
	if (!config) throw new Error('tsconfig.json could not be read');
	const options = { ...config.options, noEmit: true, incremental: false };
	const host = ts.createCompilerHost(options);
	const readFile = host.readFile.bind(host);
	host.readFile = (fileName) => byPath.get(path.resolve(fileName)) ?? readFile(fileName);
	const fileExists = host.fileExists.bind(host);
	host.fileExists = (fileName) => byPath.has(path.resolve(fileName)) || fileExists(fileName);
	const program = ts.createProgram({
		rootNames: [...config.fileNames, ...byPath.keys()],
		options,
		host,
		oldProgram: previous,
	});
	previous = program;
	return ts
		.getPreEmitDiagnostics(program)
		.map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

/**
 * A file of the repository, as text.
 * @param {string} file repository-relative path
 */
const readSource = (file) => ts.sys.readFile(path.join(ROOT, file)) ?? '';

module.exports = { readSource, typeErrors };
