'use strict';
/**
 * Jest setup (jest.config.js `setupFiles`): n8n-workflow runs the regular expressions of node parameters (a resource
 * locator's extraction and validation) in a `vm` script with a 250 ms wall-clock limit. On a busy 2-core machine a
 * jest worker can be descheduled for longer than that inside a trivial match, and the test then fails with "Regular
 * expression execution timed out", whatever the node does. This engine is n8n-workflow's own (the same `vm` scripts,
 * so results keep their realm) with a limit no trivial pattern meets on a loaded machine; a pattern that truly runs
 * away still times out.
 */
const vm = require('node:vm');
const { setSafeRegexEngine } = require('n8n-workflow');

const TIMEOUT_MS = 10_000;
const context = vm.createContext({
	flags: '',
	input: '',
	pattern: '',
	replacement: '',
	result: undefined,
});
const script = (code) => new vm.Script(`result = ${code}`);
const SCRIPTS = {
	exec: script('new RegExp(pattern, flags).exec(input)'),
	test: script('new RegExp(pattern, flags).test(input)'),
	replace: script('input.replace(new RegExp(pattern, flags), replacement)'),
	matchAll: script('Array.from(input.matchAll(new RegExp(pattern, flags)))'),
	split: script('input.split(new RegExp(pattern, flags))'),
};

function run(name, pattern, input, flags = '', replacement = '') {
	Object.assign(context, { pattern, input, flags, replacement, result: undefined });
	try {
		SCRIPTS[name].runInContext(context, { timeout: TIMEOUT_MS });
	} catch (error) {
		if (error && error.code === 'ERR_SCRIPT_EXECUTION_TIMEOUT')
			throw new Error('Regular expression execution timed out');
		throw error;
	}
	return context.result;
}

const globalFlag = (flags = '') => (flags.includes('g') ? flags : `${flags}g`);

setSafeRegexEngine({
	exec: (pattern, input, flags) => run('exec', pattern, input, flags),
	test: (pattern, input, flags) => run('test', pattern, input, flags),
	replace: (pattern, input, flags, replacement) =>
		run('replace', pattern, input, flags, replacement),
	matchAll: (pattern, input, flags) => run('matchAll', pattern, input, globalFlag(flags)),
	split: (pattern, input, flags) => run('split', pattern, input, flags),
});
