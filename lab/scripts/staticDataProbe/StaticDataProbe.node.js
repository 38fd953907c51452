'use strict';
/**
 * A trigger that does to the workflow's static data what a duplicate window kept there would do, so that
 * lab/scripts/measureStaticData.js can see what n8n saves of it (loaded by n8n from N8N_CUSTOM_EXTENSIONS as
 * CUSTOM.staticDataProbe; plain JavaScript, no imports, so that both n8n lines load it unbuilt).
 *
 * - Activation (create) writes a new `secret`, as the Payment Platform Trigger writes its endpoint's secret;
 *   deactivation (delete) removes it.
 * - webhook() answers with what it loaded (secret and `seen`), appends `admitted:<id>` to `seen` (a window written
 *   when the delivery is admitted), and appends `answered:<id>` when n8n sends the answer (a window written when the
 *   run succeeded, as After the Workflow Succeeds needs).
 * - A delivery `{ "run": false }` starts no run: the node answers it itself, as the trigger answers a duplicate.
 */
class StaticDataProbe {
	constructor() {
		this.description = {
			displayName: 'Static Data Probe',
			name: 'staticDataProbe',
			group: ['trigger'],
			version: 1,
			description: 'Records what n8n saves of the static data a webhook writes',
			defaults: { name: 'Static Data Probe' },
			inputs: [],
			outputs: ['main'],
			webhooks: [
				{
					name: 'default',
					httpMethod: 'POST',
					path: 'probe',
					responseMode: '={{$parameter["mode"]}}',
					responseData: '={{$parameter["mode"] === "lastNode" ? "noData" : ""}}',
				},
			],
			properties: [
				{
					displayName: 'Mode',
					name: 'mode',
					type: 'options',
					default: 'onReceived',
					options: [
						{ name: 'When Received', value: 'onReceived' },
						{ name: 'After the Workflow', value: 'lastNode' },
					],
					description: 'When n8n answers the request',
				},
			],
		};
		this.webhookMethods = {
			default: {
				/** @this {import('n8n-workflow').IHookFunctions} */
				async checkExists() {
					return this.getWorkflowStaticData('node').secret !== undefined;
				},
				/** @this {import('n8n-workflow').IHookFunctions} */
				async create() {
					const random = Math.random().toString(36).slice(2, 10);
					this.getWorkflowStaticData('node').secret = `secret-${Date.now()}-${random}`;
					return true;
				},
				/** @this {import('n8n-workflow').IHookFunctions} */
				async delete() {
					delete this.getWorkflowStaticData('node').secret;
					return true;
				},
			},
		};
	}

	/** @this {import('n8n-workflow').IWebhookFunctions} */
	async webhook() {
		const staticData = this.getWorkflowStaticData('node');
		const id = String(this.getBodyData().id);
		const seen = () => /** @type {string[]} */ (staticData.seen ?? []);
		const loaded = { secret: staticData.secret ?? null, seen: [...seen()] };
		staticData.seen = [...loaded.seen, `admitted:${id}`];
		const response = this.getResponseObject();
		const end = /** @type {(...args: unknown[]) => unknown} */ (response.end.bind(response));
		response.end = /** @type {typeof response.end} */ (
			(...args) => {
				staticData.seen = [...seen(), `answered:${id}`];
				return end(...args);
			}
		);
		if (this.getBodyData().run === false) {
			// Answered by the node itself, no run: as the trigger answers a duplicate or a forged delivery.
			response.status(200).json({ loaded });
			return { noWebhookResponse: true };
		}
		return { webhookResponse: { loaded }, workflowData: [[{ json: { id, loaded } }]] };
	}
}

module.exports = { StaticDataProbe };
