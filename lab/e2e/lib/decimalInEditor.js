'use strict';
/**
 * No rounded prices, as a person sees it in Chromium: `99.90` typed into Charge → Create's Amount (in Cents) stays
 * 99.9 in the editor (n8n's number input rounds only with a precision, which the node's number fields do not set),
 * the workflow runs from the canvas, and the node's error in the output pane shows both readings, with nothing sent.
 * It takes a screenshot, editor-decimal-in-cents.png, among the suite's others.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const n8n = require('../../lib/n8n');
const {
	byTestId,
	canvasNode,
	ensureChromium,
	launchChromium,
	signIn,
} = require('../../lib/browser');
const { ACTION_NODE_NAME, operationWorkflow } = require('../../lib/workflows');
const { RESULT_SCREENSHOTS_DIR } = require('../../lib/results');

const TYPED = '99.90';
const READINGS = 'amount must be whole cents: 99.9 could be R$ 99,90 = 9990 cents or 99.9 cents';

async function checkDecimalInEditor(report, context) {
	const { client, credential, admin, instance } = context;
	const created = await client.createWorkflow(
		operationWorkflow(
			'E2E Editor: 99.90 typed into a cents field',
			{ resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: 1000 },
			credential,
		),
	);
	await ensureChromium();
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-chromium-decimal-'));
	fs.mkdirSync(RESULT_SCREENSHOTS_DIR, { recursive: true });
	const browser = await launchChromium(profile);
	try {
		const page = browser.pages()[0] ?? (await browser.newPage());
		page.setDefaultTimeout(30_000);
		await signIn(page, instance.url, n8n.DEFAULT_OWNER);
		await page.goto(`${instance.url}/workflow/${created.id}`);
		await page.locator(canvasNode(ACTION_NODE_NAME)).dblclick();
		await page.locator(byTestId('ndv')).waitFor();
		const amount = page.locator(`${byTestId('parameter-input-amount')} input`).first();

		await report.check(
			`editor: ${TYPED} typed into Amount (in Cents) stays ${TYPED.replace(/0$/, '')}, not rounded to 100`,
			async () => {
				await amount.fill(TYPED);
				await amount.press('Tab');
				await page.waitForTimeout(300);
				const shown = await amount.inputValue();
				assert.ok(Number(shown) === 99.9, `the input shows ${JSON.stringify(shown)}`);
			},
		);

		await report.check(
			"editor: run from the canvas, the node's error shows both readings and nothing was sent",
			async () => {
				await page.locator(byTestId('ndv-close-button')).click();
				await page.locator(byTestId('ndv')).waitFor({ state: 'hidden' });
				await admin.clearRequests();
				await page.locator(byTestId('execute-workflow-button')).first().click();
				await page.locator(canvasNode(ACTION_NODE_NAME)).dblclick();
				await page.locator(byTestId('ndv')).waitFor();
				const message = page.locator(byTestId('node-error-message')).first();
				await message.waitFor({ timeout: 30_000 });
				const text = `${await message.innerText()} ${await page
					.locator(byTestId('node-error-description'))
					.first()
					.innerText()
					.catch(() => '')}`;
				assert.ok(text.includes(READINGS), `the error reads: ${text}`);
				await page.waitForTimeout(300);
				await page.screenshot({
					path: path.join(RESULT_SCREENSHOTS_DIR, 'editor-decimal-in-cents.png'),
				});
				const requests = await admin.requests();
				assert.deepEqual(
					requests.filter((request) => request.method === 'POST'),
					[],
					'a request was sent',
				);
			},
		);
	} finally {
		await browser.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

module.exports = { checkDecimalInEditor };
