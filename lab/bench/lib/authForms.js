'use strict';
/**
 * The credential's `authenticate` in the forms figure 1 compares, placed into the package copy n8n loads. Each other
 * form wraps the shipped credential file and changes only `authenticate`, so the rest of the credential stays what
 * ships.
 */
const fs = require('fs');
const path = require('path');
const { PACKAGE_JSON, PACKAGE_NAME } = require('../../../scripts/lib/packageInfo');

/**
 * What each form adds to the wrapping class (`Shipped` is the shipped class).
 * @typedef {'shipped' | 'method' | 'generic'} AuthForm
 * @type {Record<AuthForm, { label: string, members?: string[] }>}
 */
const AUTH_FORMS = {
	shipped: {
		label: 'as shipped: a function field (n8n serves it as {}, the editor lists the credential)',
	},
	method: {
		label: 'a method (the first form: not served, the editor does not list the credential)',
		members: [
			'constructor() {',
			'\tsuper();',
			'\tdelete this.authenticate;',
			'}',
			'async authenticate(credentials, options) {',
			'\treturn await shippedAuthenticate(credentials, options);',
			'}',
		],
	},
	generic: {
		label:
			'the generic Basic block (the form before the function field: two $credentials expressions per request)',
		members: [
			'constructor() {',
			'\tsuper();',
			'\tthis.authenticate = {',
			"\t\ttype: 'generic',",
			"\t\tproperties: { auth: { username: '={{$credentials.publicKey}}', password: '={{$credentials.secretKey}}' } },",
			'\t};',
			'}',
		],
	},
};

/** The credential's built file inside the package copy under `userFolder` (as packageInstall placed it). */
function credentialFile(userFolder) {
	const packageDir = path.join(userFolder, '.n8n', 'nodes', 'node_modules', PACKAGE_NAME);
	return path.join(packageDir, PACKAGE_JSON.n8n.credentials[0]);
}

/**
 * Makes the package copy under `userFolder` authenticate in `form`; n8n must be (re)started to load it.
 * n8n takes the class named like the file (`PaymentPlatformApi` from PaymentPlatformApi.credentials.js).
 * @param {string} userFolder
 * @param {AuthForm} form
 */
function installAuthForm(userFolder, form) {
	const file = credentialFile(userFolder);
	const shipped = file.replace(/\.js$/, '.shipped.js');
	if (!fs.existsSync(shipped)) fs.copyFileSync(file, shipped);
	const { label, members } = AUTH_FORMS[form];
	if (!members) {
		fs.copyFileSync(shipped, file);
		return;
	}
	const className = path.basename(file).split('.')[0];
	const lines = [
		"'use strict';",
		`// Written by the bench (figure 1): ${label}.`,
		`const { ${className}: Shipped } = require('./${path.basename(shipped)}');`,
		'const shippedAuthenticate = new Shipped().authenticate;',
		`class ${className} extends Shipped {`,
		...members.map((line) => `\t${line}`),
		'}',
		`module.exports = { ${className} };`,
		'',
	];
	fs.writeFileSync(file, lines.join('\n'));
}

module.exports = { AUTH_FORMS, installAuthForm };
