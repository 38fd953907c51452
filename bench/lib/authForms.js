'use strict';
/**
 * The credential's `authenticate` in the forms figure 1 compares, placed into the package copy n8n loads. Each other
 * form wraps the shipped credential file and changes only `authenticate`, so every form is derived from what ships,
 * never written a second time.
 */
const fs = require('fs');
const path = require('path');
const { PACKAGE_JSON, PACKAGE_NAME } = require('../../scripts/lib/packageInfo');

/**
 * @typedef {'shipped' | 'function' | 'generic'} AuthForm
 * @type {Record<AuthForm, { label: string, change?: string }>}
 */
const AUTH_FORMS = {
	shipped: { label: 'as shipped: a function, served to the editor as the generic block' },
	function: {
		label: 'a function alone (not served: the editor does not list the credential)',
		change:
			'const shipped = this.authenticate;\n' +
			'\t\tthis.authenticate = async (credentials, options) => await shipped(credentials, options);',
	},
	generic: {
		label: 'the generic block alone (two $credentials expressions n8n evaluates per request)',
		change: 'this.authenticate = JSON.parse(JSON.stringify(this.authenticate));',
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
	const { change } = AUTH_FORMS[form];
	if (!change) {
		fs.copyFileSync(shipped, file);
		return;
	}
	const className = path.basename(file).split('.')[0];
	fs.writeFileSync(
		file,
		[
			"'use strict';",
			`// Written by the bench (figure 1): ${AUTH_FORMS[form].label}.`,
			`const { ${className}: Shipped } = require('./${path.basename(shipped)}');`,
			`class ${className} extends Shipped {`,
			'\tconstructor() {',
			'\t\tsuper();',
			`\t\t${change}`,
			'\t}',
			'}',
			`module.exports = { ${className} };`,
			'',
		].join('\n'),
	);
}

module.exports = { AUTH_FORMS, installAuthForm };
