'use strict';
/**
 * The n8n editor in a browser, for the suites that look at it (the e2e editor checks, the agent's screenshot):
 * Debian's Chromium (installed when missing) driven by playwright-core, and the sign-in form.
 */
const fs = require('fs');
const { ensureDebianPackages } = require('./debian');

/** Debian's Chromium (installed when missing), or the browser CHROMIUM_PATH names (the GitHub runner's Chrome). */
const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** Without the background-networking flags Chromium keeps trying to reach Google's services. */
const CHROMIUM_ARGS = [
	'--headless',
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
];
const VIEWPORT = { width: 1280, height: 800 };

const byTestId = (id) => `[data-test-id="${id}"]`;
const canvasNode = (name) => `${byTestId('canvas-node')}[data-node-name="${name}"]`;

/** Installs Debian's chromium when it is missing. */
async function ensureChromium() {
	await ensureDebianPackages(['chromium'], () => fs.existsSync(CHROMIUM), CHROMIUM);
}

/**
 * Debian's Chromium, headless, with a persistent profile in `profile` (a temporary folder the caller removes).
 * @param {string} profile
 */
async function launchChromium(profile) {
	const { chromium } = require('playwright-core');
	return await chromium.launchPersistentContext(profile, {
		executablePath: CHROMIUM,
		headless: true,
		args: CHROMIUM_ARGS,
		viewport: VIEWPORT,
	});
}

/**
 * Signs in through the sign-in form and waits for the workflow list.
 * @param {import('playwright-core').Page} page
 * @param {string} url
 * @param {{ email: string, password: string }} owner
 */
async function signIn(page, url, owner) {
	await page.goto(`${url}/signin`);
	await page.locator(`${byTestId('emailOrLdapLoginId')} input`).fill(owner.email);
	await page.locator(`${byTestId('password')} input`).fill(owner.password);
	await page.locator(byTestId('form-submit-button')).click();
	await page.waitForURL(/\/home\/workflows|\/workflows/);
}

module.exports = { byTestId, canvasNode, ensureChromium, launchChromium, signIn };
