/**
 * The registration tests' platform: a sandbox reset before each test (one delivery attempt, no retry wait), the
 * endpoints it holds, and endpoints registered or removed on it behind n8n's back (another instance, a copy, a manual
 * call).
 */
import axios from 'axios';
import { useSandbox } from './sandbox';

export const ENDPOINTS_PATH = '/v1/postbacks/endpoints';
export const EVENTS = ['charge.captured', 'charge.refunded'];

/** An endpoint as the sandbox lists it; `secret` only in the creation's answer. */
export interface PublicEndpoint {
	id: string;
	url: string;
	events: string[];
	secret?: string;
}

export function usePlatformSandbox() {
	const sandbox = useSandbox(
		{ delivery: { maxAttempts: 1, baseDelayMs: 0 } },
		{ resetBeforeEach: true },
	);
	const auth = () => ({ auth: { username: sandbox().publicKey, password: sandbox().secretKey } });
	return {
		sandbox,
		/** The endpoints the sandbox holds (its admin route, without secrets). */
		sandboxEndpoints: async () =>
			(await axios.get(`${sandbox().url}/__admin/webhook-endpoints`)).data.data as PublicEndpoint[],
		registerDirectly: async (url: string, events: string[] = EVENTS) =>
			(await axios.post(`${sandbox().url}${ENDPOINTS_PATH}`, { url, events }, auth())).data
				.data as PublicEndpoint,
		removeDirectly: async (id: string) => {
			await axios.delete(`${sandbox().url}${ENDPOINTS_PATH}/${id}`, auth());
		},
	};
}
