'use strict';
/** n8n's REST API (as the editor calls it, with the owner's cookie) and its public API (with an API key). */
const { PRIMARY_N8N_VERSION, n8nLine } = require('./n8nLines');

/** The owner account the tooling creates. Local only: n8n listens on 127.0.0.1. */
const DEFAULT_OWNER = {
	email: 'demo@example.com',
	firstName: 'Demo',
	lastName: 'Owner',
	password: 'Payment-Platform-1',
};

class N8nRequestError extends Error {
	constructor(method, url, status, body) {
		const text = typeof body === 'string' ? body : JSON.stringify(body);
		super(`${method} ${url} answered ${status}: ${text.slice(0, 500)}`);
		this.status = status;
		this.body = body;
	}
}

class N8nClient {
	/**
	 * @param {string} url e.g. http://127.0.0.1:5679
	 * @param {string} [version] n8n's version, for what differs between its lines (default: the current line).
	 */
	constructor(url, version) {
		this.url = url.replace(/\/+$/, '');
		/** @type {string | undefined} */
		this.cookie = undefined;
		/** @type {string | undefined} */
		this.apiKey = undefined;
		this.version = version ?? PRIMARY_N8N_VERSION;
	}

	/**
	 * @param {string} method
	 * @param {string} pathAndQuery
	 * @param {{ body?: unknown, headers?: Record<string, string>, expect?: number[] }} [options] expect: the statuses
	 *   that count as success (default: any 2xx).
	 * @returns {Promise<{ status: number, headers: Headers, body: any }>}
	 */
	async request(method, pathAndQuery, { body, headers = {}, expect } = {}) {
		const url = `${this.url}${pathAndQuery}`;
		const response = await fetch(url, {
			method,
			headers: {
				accept: 'application/json',
				...(body === undefined ? {} : { 'content-type': 'application/json' }),
				...headers,
			},
			body: body === undefined ? undefined : JSON.stringify(body),
			signal: AbortSignal.timeout(60_000),
		});
		const text = await response.text();
		let parsed = text;
		try {
			parsed = text ? JSON.parse(text) : undefined;
		} catch {
			// Not JSON: keep the text.
		}
		const ok = expect ? expect.includes(response.status) : response.ok;
		if (!ok) throw new N8nRequestError(method, url, response.status, parsed);
		return { status: response.status, headers: response.headers, body: parsed };
	}

	/**
	 * The editor's REST API (`/rest/...`) with the session cookie; returns the `data` of n8n's envelope.
	 * @param {string} method
	 * @param {string} restPath
	 * @param {unknown} [body]
	 * @returns {Promise<any>}
	 */
	async rest(method, restPath, body) {
		/** @type {Record<string, string>} */
		const headers = this.cookie ? { cookie: this.cookie } : {};
		const response = await this.request(method, `/rest${restPath}`, { body, headers });
		return response.body && typeof response.body === 'object' && 'data' in response.body
			? response.body.data
			: response.body;
	}

	/**
	 * The public API (`/api/v1/...`) with the API key.
	 * @param {string} method
	 * @param {string} apiPath
	 * @param {unknown} [body]
	 * @returns {Promise<any>}
	 */
	async api(method, apiPath, body) {
		if (!this.apiKey) throw new Error('No API key: call createApiKey() first');
		const response = await this.request(method, `/api/v1${apiPath}`, {
			body,
			headers: { 'X-N8N-API-KEY': this.apiKey },
		});
		return response.body;
	}

	keepCookie(response) {
		const cookies = response.headers.getSetCookie?.() ?? [];
		const auth = cookies.map((c) => c.split(';')[0]).find((c) => c.startsWith('n8n-auth='));
		if (!auth) throw new Error('n8n did not set the n8n-auth cookie');
		this.cookie = auth;
	}

	/** Whether the instance still waits for its owner account (GET /rest/settings). */
	async needsOwnerSetup() {
		const settings = await this.rest('GET', '/settings');
		return settings?.userManagement?.showSetupOnFirstLoad === true;
	}

	/** Creates the owner account (POST /rest/owner/setup) and keeps its cookie. */
	async setupOwner(owner = DEFAULT_OWNER) {
		const response = await this.request('POST', '/rest/owner/setup', { body: owner });
		this.keepCookie(response);
	}

	/** Logs in (POST /rest/login) and keeps the cookie. */
	async login(owner = DEFAULT_OWNER) {
		const response = await this.request('POST', '/rest/login', {
			body: { emailOrLdapLoginId: owner.email, password: owner.password },
		});
		this.keepCookie(response);
	}

	/** Sets the owner up on a new instance, or logs in as the owner. Returns true when it created the owner. */
	async ensureOwner(owner = DEFAULT_OWNER) {
		if (await this.needsOwnerSetup()) {
			await this.setupOwner(owner);
			return true;
		}
		await this.login(owner);
		return false;
	}

	/**
	 * Creates an API key with every scope the owner may grant and keeps it for `api()`. Keys with the same label are
	 * deleted first (the raw key is shown only once, so a new run needs a new one).
	 */
	async createApiKey(label = 'tooling') {
		const existing = await this.rest('GET', `/api-keys?label=${encodeURIComponent(label)}`);
		for (const key of Array.isArray(existing) ? existing : (existing?.items ?? [])) {
			if (key.label === label) await this.rest('DELETE', `/api-keys/${key.id}`);
		}
		const scopes = await this.rest('GET', '/api-keys/scopes');
		const key = await this.rest('POST', '/api-keys', { label, expiresAt: null, scopes });
		this.apiKey = key.rawApiKey;
		return key;
	}

	/**
	 * Invites a member (as the owner) and accepts the invitation: a client logged in as that member. n8n 2.x's
	 * invitation link carries a token; 1.x's the inviter's and the invitee's ids.
	 * @param {{ email: string, firstName: string, lastName: string, password: string }} member
	 */
	async inviteMember(member) {
		const [invited] = await this.rest('POST', '/invitations', [
			{ email: member.email, role: 'global:member' },
		]);
		const link = new URL(invited.user.inviteAcceptUrl);
		const token = link.searchParams.get('token');
		const { firstName, lastName, password } = member;
		const client = new N8nClient(this.url, this.version);
		const response = token
			? await client.request('POST', '/rest/invitations/accept', {
					body: { token, firstName, lastName, password },
				})
			: await client.request(
					'POST',
					`/rest/invitations/${link.searchParams.get('inviteeId')}/accept`,
					{
						body: { inviterId: link.searchParams.get('inviterId'), firstName, lastName, password },
					},
				);
		client.keepCookie(response);
		return client;
	}

	/** @returns {Promise<Array<{ id: string, name: string, type: string }>>} */
	async listCredentials() {
		return await this.rest('GET', '/credentials');
	}

	/** Creates a credential (POST /rest/credentials) and returns it ({ id, name, type, ... }). */
	async createCredential({ name, type, data }) {
		return await this.rest('POST', '/credentials', { name, type, data });
	}

	/** The credential with this name and type: created when missing, else its data replaced by `data`. */
	async ensureCredential({ name, type, data }) {
		const existing = (await this.listCredentials()).find((c) => c.name === name && c.type === type);
		if (!existing) return await this.createCredential({ name, type, data });
		await this.rest('PATCH', `/credentials/${existing.id}`, { name, type, data });
		return existing;
	}

	/** @returns {Promise<Array<{ id: string, name: string, active: boolean }>>} */
	async listWorkflows() {
		return await this.rest('GET', '/workflows');
	}

	/** Creates a workflow (POST /rest/workflows; `id` may be given) and returns it. */
	async createWorkflow(workflow) {
		const { newWorkflowDefaults } = n8nLine(this.version);
		return await this.rest('POST', '/workflows', { ...newWorkflowDefaults, ...workflow });
	}

	/** Public API: activates (publishes) a workflow. Its triggers' webhook `create` has run when this returns. */
	async activateWorkflow(id) {
		return await this.api('POST', `/workflows/${encodeURIComponent(id)}/activate`);
	}

	/**
	 * Public API: saves a workflow's nodes, connections and settings (PUT). A published workflow's save is published
	 * too (n8n's default) unless `publishIfActive` is false: then n8n 2.x keeps it as a draft (the line's
	 * saveAsDraftQuery), as the editor's Save does; n8n 1.x applies every save of an active workflow.
	 * @param {string} id
	 * @param {{ name: string, nodes: object[], connections: object, settings?: object }} workflow
	 * @param {{ publishIfActive?: boolean }} [options]
	 */
	async updateWorkflow(id, workflow, { publishIfActive = true } = {}) {
		const query = publishIfActive ? '' : n8nLine(this.version).saveAsDraftQuery;
		const { name, nodes, connections, settings = {} } = workflow;
		return await this.api('PUT', `/workflows/${encodeURIComponent(id)}${query}`, {
			name,
			nodes,
			connections,
			settings,
		});
	}

	/** Public API: deactivates a workflow (its triggers' webhook `delete` runs). */
	async deactivateWorkflow(id) {
		return await this.api('POST', `/workflows/${encodeURIComponent(id)}/deactivate`);
	}

	/** Public API: the workflows (first page of up to 250), e.g. `{ active: true }`. */
	async listWorkflowsWithNodes(query = {}) {
		const qs = new URLSearchParams({ limit: '250' });
		for (const [key, value] of Object.entries(query)) qs.set(key, String(value));
		return (await this.api('GET', `/workflows?${qs}`)).data;
	}

	/**
	 * The editor's Save, then Publish: saves `changes` (e.g. `nodes`) as a new version (PATCH /rest/workflows/{id}),
	 * then publishes that version (POST /rest/workflows/{id}/activate). Returns the version published.
	 * @param {string} id
	 * @param {object} changes
	 */
	async saveAndPublish(id, changes) {
		const saved = await this.rest('PATCH', `/workflows/${encodeURIComponent(id)}`, changes);
		await this.rest('POST', `/workflows/${encodeURIComponent(id)}/activate`, {
			versionId: saved.versionId,
		});
		return /** @type {string} */ (saved.versionId);
	}

	/** Public API: a workflow with its `active` flag. */
	async getWorkflow(id) {
		return await this.api('GET', `/workflows/${encodeURIComponent(id)}`);
	}

	/** Node types the editor gets (POST /rest/node-types with every known type and version). */
	async nodeTypes(typesWithVersions) {
		return await this.rest('POST', '/node-types', { nodeInfos: typesWithVersions });
	}
}

module.exports = { DEFAULT_OWNER, N8nClient };
