import axios from 'axios';
import type { Sandbox } from './sandbox';

const ENDPOINTS_PATH = '/v1/postbacks/endpoints';

/** An endpoint as the sandbox lists it; `secret` only in the creation's answer. */
export interface PublicEndpoint {
	id: string;
	url: string;
	events: string[];
	secret?: string;
}

/** The endpoints the sandbox holds (its admin route, without secrets). */
export async function sandboxEndpointsOf(sandbox: Sandbox): Promise<PublicEndpoint[]> {
	const response = await axios.get(`${sandbox.url}/__admin/webhook-endpoints`);
	return response.data.data as PublicEndpoint[];
}

/** An endpoint registered on the platform behind n8n's back (another instance, a copy, a manual call). */
export async function registerDirectlyOn(
	sandbox: Sandbox,
	url: string,
	events: string[],
): Promise<PublicEndpoint> {
	const response = await axios.post(
		`${sandbox.url}${ENDPOINTS_PATH}`,
		{ url, events },
		{ auth: { username: sandbox.publicKey, password: sandbox.secretKey } },
	);
	return response.data.data as PublicEndpoint;
}
