'use strict';
/**
 * The agent workflow in the n8n editor, as a person sees it: the AI Agent with its chat model and the three Payment
 * Platform tools. Saved as the screenshot editor-ai-agent.png (lab/lib/results.js) for the README.
 */
const assert = require('node:assert/strict');
const fs = require('fs');
const os = require('os');
const path = require('path');
const { DEFAULT_OWNER } = require('../../lib/n8n');
const { byTestId, canvasNode, launchChromium, signIn } = require('../../lib/browser');
const { AGENT_NAME, MODEL_NAME, TOOLS } = require('./workflows');
const { screenshotPath } = require('../../lib/results');

const SCREENSHOT = screenshotPath('editor-ai-agent.png');

/**
 * @param {import('../../lib/report').Report} report
 * @param {{ stack: { instance: { url: string } } }} context
 * @param {string} workflowId
 * @param {{ what: string, nodes: string[], file: string }} [shot] Another workflow: its description, nodes and file.
 */
async function screenshotAgentWorkflow(report, context, workflowId, shot) {
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'pp-chromium-'));
	const browser = await launchChromium(profile);
	try {
		const page = browser.pages()[0] ?? (await browser.newPage());
		page.setDefaultTimeout(30_000);
		const { url } = context.stack.instance;
		const tools = Object.values(TOOLS).map((t) => t.node);
		const { what, nodes, file } = shot ?? {
			what: `the agent workflow shows the AI Agent, its model and the ${tools.length} Payment Platform tools`,
			nodes: [AGENT_NAME, MODEL_NAME, ...tools],
			file: SCREENSHOT,
		};
		await report.check(`editor: ${what}`, async () => {
			await signIn(page, url, DEFAULT_OWNER);
			await page.goto(`${url}/workflow/${workflowId}`);
			for (const name of nodes) {
				await page.locator(canvasNode(name)).waitFor();
			}
			await page.locator(byTestId('canvas-node')).first().waitFor();
			// Fit the whole workflow in view (the canvas's "zoom to fit" shortcut), then let it settle.
			await page.keyboard.press('1');
			await page.waitForTimeout(800);
			await page.screenshot({ path: file });
			assert.ok(fs.statSync(file).size > 10_000, 'the screenshot is nearly empty');
		});
	} finally {
		await browser.close();
		fs.rmSync(profile, { recursive: true, force: true });
	}
}

module.exports = { screenshotAgentWorkflow };
