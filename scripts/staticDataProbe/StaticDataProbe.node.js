'use strict';
/**
 * A trigger that does to the workflow's static data what a duplicate window kept there would do, so that
 * scripts/measureStaticData.js can see what n8n saves of it (loaded by n8n from N8N_CUSTOM_EXTENSIONS as
 * CUSTOM.staticDataProbe; plain JavaScript, no imports, so that both n8n lines load it unbuilt).
 *
 * - Activation (create) writes a new `secret`, as the Payment Platform Trigger writes its endpoint's secret;
 *   deactivation (delete) removes it.
 * - webhook() answers with what it loaded (secret and `seen`), appends `admitted:<id>` to `seen` (a window written
 *   when the delivery is admitted), and appends `answered:<id>` when n8n sends the answer (a window written when the
 *   run succeeded, as After the Workflow Succeeds needs).
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
				async checkExists() {
					return this.getWorkflowStaticData('node').secret !== undefined;
				},
				async create() {
					const random = Math.random().toString(36).slice(2, 10);
					this.getWorkflowStaticData('node').secret = `secret-${Date.now()}-${random}`;
					return true;
				},
				async delete() {
					delete this.getWorkflowStaticData('node').secret;
					return true;
				},
			},
		};
	}

	async webhook() {
		const staticData = this.getWorkflowStaticData('node');
		const id = String(this.getBodyData().id);
		const loaded = { secret: staticData.secret ?? null, seen: [...(staticData.seen ?? [])] };
		staticData.seen = [...loaded.seen, `admitted:${id}`];
		const response = this.getResponseObject();
		const end = response.end.bind(response);
		response.end = (...args) => {
			staticData.seen = [...staticData.seen, `answered:${id}`];
			return end(...args);
		};
		return { webhookResponse: { loaded }, workflowData: [[{ json: { id, loaded } }]] };
	}
}

module.exports = { StaticDataProbe };
