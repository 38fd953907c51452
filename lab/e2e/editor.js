'use strict';
/**
 * The n8n editor as a person sees it, driven in Debian's Chromium by playwright-core: sign in, open the onboarding
 * example, open the action node and its Resource list, open the trigger of the charge-events example and its Events
 * list. Screenshots go to docs/ (1280x800). Each assertion is a check (a node:test subtest) of the same run.
 *
 * `npm run test:e2e` runs these checks against its own n8n after the other blocks. Alone:
 * `bash scripts/node24.sh node lab/e2e/editor.js` starts the sandbox and a fresh n8n itself.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../lib/n8n');
const { stopAll, stopAllOnSignals } = require('../lib/processes');
const { WEBHOOK_EVENTS } = require('../../sandbox/api/values');
const { CUSTOM_API_CALL, RESOURCES } = require('./lib/expected');
const { Report } = require('../lib/report');
const { HTTP_NODE_NAME, httpRequestWorkflow } = require('./lib/httpRequestChecks');
const { byTestId, canvasNode, ensureChromium, launchChromium, signIn } = require('../lib/browser');

const { RESULT_SCREENSHOTS_DIR } = require('../lib/results');

/** The visible options of the open dropdown (element-plus select), first line of each, once it stopped moving. */
async function visibleOptions(page) {
	const list = page.locator('.el-select-dropdown:visible [role="option"]');
	await list.first().waitFor({ timeout: 10_000 });
	await page.waitForTimeout(600); // the opening animation, for the screenshot
	return (await list.allInnerTexts()).map((text) => text.split('\n')[0].trim());
}

async function closeNodeView(page) {
	await page.locator(byTestId('ndv-close-button')).click();
	await page.locator(byTestId('ndv')).waitFor({ state: 'hidden', timeout: 10_000 });
}

/**
 * Runs the editor checks against a running n8n whose owner and example workflows exist.
 * @param {import('../lib/report').Report} report
 * @param {{ url: string, owner: { email: string, password: string },
 *   examples: Record<string, { id: string }>, screenshotsDir?: string,
 *   httpRequest?: { client: { createWorkflow(workflow: object): Promise<{ id: string }> },
 *     credential: { id: string, name: string }, sandboxUrl: string } }} options With `httpRequest`, an HTTP Request
 *   node using the credential is created and opened too (lab/reports/screenshots/editor-http-request-node.png).
 */
async function runEditorChecks(
	report,
	{ url, owner, examples, screenshotsDir = RESULT_SCREENSHOTS_DIR, httpRequest },
) {
	await ensureChromium();
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-chromium-'));
	fs.mkdirSync(screenshotsDir, { recursive: true });
	const shot = (name) => path.join(screenshotsDir, name);
	const context = await launchChromium(profile);
	try {
		const page = context.pages()[0] ?? (await context.newPage());
		page.setDefaultTimeout(30_000);
		const skip = (name) => report.fail(name, new Error('skipped: an earlier editor check failed'));

		const signedIn = await report.check(
			'editor: the owner signs in through the sign-in form',
			async () => {
				await signIn(page, url, owner);
			},
		);
		if (!signedIn) return;

		const actionNodes = [
			'Update Submerchant',
			'Add Billing Address',
			'Add Identity Document',
			'Submit for Review',
			'Get Submerchant',
		];
		await report.check(
			'editor: the onboarding example opens, each Payment Platform node with the package icon',
			async () => {
				await page.goto(`${url}/workflow/${examples['submerchant-onboarding'].id}`);
				await page.locator(canvasNode('Update Submerchant')).waitFor();
				const names = await page
					.locator(byTestId('canvas-node'))
					.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-node-name')));
				for (const name of [...actionNodes, 'Submitted?', 'Review Not Submitted']) {
					assert.ok(names.includes(name), `no node "${name}" on the canvas (${names.join(', ')})`);
				}
				for (const name of actionNodes) {
					const icon = page.locator(`${canvasNode(name)} img`).first();
					const { src, loaded } = await icon.evaluate((img) => ({
						src: img.getAttribute('src'),
						loaded: img.complete && img.naturalWidth > 0,
					}));
					assert.match(src, /\/icons\/n8n-nodes-payment-platform\//, `icon of "${name}"`);
					assert.ok(loaded, `the icon of "${name}" did not load (${src})`);
				}
				await page.waitForTimeout(500);
				await page.screenshot({ path: shot('editor-onboarding.png') });
			},
		);

		const opened = await report.check(
			'editor: the action node opens with its credential, Resource and Operation',
			async () => {
				await page.locator(canvasNode('Update Submerchant')).dblclick();
				await page.locator(byTestId('ndv')).waitFor();
				await assertText(page, byTestId('node-credentials-select'), 'Payment Platform (sandbox)');
				await assertInputValue(page, 'resource', 'Submerchant');
				await assertInputValue(page, 'operation', 'Update');
				await page.locator(byTestId('parameter-input-submerchantId')).waitFor();
				await page.screenshot({ path: shot('editor-action-node.png') });
			},
		);
		if (opened) {
			await report.check('editor: the Resource list shows the 10 resources', async () => {
				await page.locator(byTestId('parameter-input-resource')).click();
				const options = await visibleOptions(page);
				assert.deepEqual(
					options.filter((option) => option !== CUSTOM_API_CALL),
					RESOURCES,
				);
				await page.screenshot({ path: shot('editor-resources.png') });
				await page.keyboard.press('Escape');
			});
			await closeNodeView(page).catch(() => undefined);
		} else {
			skip('editor: the Resource list shows the 10 resources');
		}

		const triggerOpened = await report.check(
			'editor: the trigger of the charge-events example opens with its 3 chosen events',
			async () => {
				await page.goto(`${url}/workflow/${examples['charge-events-to-team-channel'].id}`);
				await page.locator(canvasNode('Payment Platform Trigger')).dblclick();
				await page.locator(byTestId('ndv')).waitFor();
				await assertText(page, byTestId('node-credentials-select'), 'Payment Platform (sandbox)');
				const chosen = await page
					.locator(
						`${byTestId('parameter-input-events')} .el-tag, ${byTestId('parameter-input-events')} .el-select__tags-text`,
					)
					.allInnerTexts();
				assert.deepEqual(
					[...new Set(chosen.map((text) => text.trim()).filter(Boolean))],
					['charge.captured', 'charge.refunded', 'charge.chargeback'],
				);
				await page.waitForTimeout(300);
				await page.screenshot({ path: shot('editor-trigger-node.png') });
			},
		);
		if (triggerOpened) {
			await report.check("editor: the trigger's Events list shows the 9 events", async () => {
				await page.locator(byTestId('parameter-input-events')).click();
				assert.deepEqual(await visibleOptions(page), WEBHOOK_EVENTS);
				await page.screenshot({ path: shot('editor-trigger-events.png') });
				await page.keyboard.press('Escape');
			});
		} else {
			skip("editor: the trigger's Events list shows the 9 events");
		}

		if (httpRequest) {
			await report.check(
				'editor: the HTTP Request node shows Predefined Credential Type → Payment Platform API with the credential',
				async () => {
					const created = await httpRequest.client.createWorkflow(
						httpRequestWorkflow(
							'Editor: HTTP Request with the credential',
							httpRequest.credential,
							{
								method: 'GET',
								url: `${httpRequest.sandboxUrl}/v1/withdrawals/summary`,
							},
						),
					);
					await page.goto(`${url}/workflow/${created.id}`);
					await page.locator(canvasNode(HTTP_NODE_NAME)).dblclick();
					await page.locator(byTestId('ndv')).waitFor();
					await assertInputValue(page, 'authentication', 'Predefined Credential Type');
					await assertInputValue(page, 'nodeCredentialType', 'Payment Platform API');
					await assertText(page, byTestId('node-credentials-select'), httpRequest.credential.name);
					await page.waitForTimeout(300);
					await page.screenshot({ path: shot('editor-http-request-node.png') });
				},
			);
		}
	} finally {
		await context.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

async function assertText(page, selector, expected) {
	const text = await page
		.locator(selector)
		.first()
		.evaluate((element) => {
			const input = element.querySelector('input');
			return `${element.textContent ?? ''} ${input?.value ?? ''}`;
		});
	assert.ok(text.includes(expected), `${selector} shows "${text.trim()}", not "${expected}"`);
}

/** The selected option of an options parameter, as shown in its input. */
async function assertInputValue(page, parameter, expected) {
	await assertText(page, byTestId(`parameter-input-${parameter}`), expected);
}

/** Standalone: its own sandbox and fresh n8n, then the checks and the summary line. */
async function main() {
	const report = new Report();
	stopAllOnSignals();
	const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-editor-'));
	let stack;
	try {
		const n8nDir = await report.phase('install (build, n8n, chromium)', async () => {
			await n8n.buildPackage();
			await ensureChromium();
			return await n8n.installN8n();
		});
		stack = await report.phase('start (sandbox, n8n, owner)', () =>
			n8n.startStack({ n8nDir, userFolder: path.join(workDir, 'n8n'), apiKeyLabel: 'e2e' }),
		);
		await report.phase('editor (chromium)', () =>
			runEditorChecks(report, {
				url: stack.instance.url,
				owner: n8n.DEFAULT_OWNER,
				examples: stack.examples,
				httpRequest: {
					client: stack.client,
					credential: stack.credential,
					sandboxUrl: stack.sandbox.url,
				},
			}),
		);
	} catch (error) {
		report.failUnlessReported(error);
	} finally {
		await stack?.stop();
		await stopAll();
		fs.rmSync(workDir, { recursive: true, force: true });
	}
	if (report.summary() !== 0) process.exitCode = 1;
}

if (require.main === module) {
	main().catch((error) => {
		Report.crashed(error);
	});
}

module.exports = { runEditorChecks };
