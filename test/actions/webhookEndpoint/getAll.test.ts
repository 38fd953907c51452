/**
 * Webhook Endpoint → Get Many reads the list through the webhook-endpoint client the trigger uses too
 * (nodes/shared/webhookEndpoints.ts): the same leniency for a list path the reference does not show. A scripted
 * platform lists its endpoints its own ways.
 */
import { PAGINATION_QUERY } from '../../../nodes/shared/chosenNames';
import { runAction } from '../../harness';
import { scriptedApiForThisFile, type Answer, type Received } from '../../harness/scriptedSuite';

const KEYS = { publicKey: 'pk_test_endpoints', secretKey: 'sk_test_endpoints' };
const suite = scriptedApiForThisFile(KEYS);

const endpoints = (count: number) =>
	Array.from({ length: count }, (_, n) => ({
		id: n + 1,
		url: `https://hooks.example.com/${n + 1}`,
		events: ['charge.captured'],
		status: 'active',
	}));

const pageOf = (request: Received) => Number(request.query[PAGINATION_QUERY.page]);

async function getMany(parameters: object = { returnAll: true }) {
	return await runAction(suite.target(), {
		resource: 'webhookEndpoint',
		operation: 'getAll',
		...parameters,
	});
}

describe('Webhook Endpoint → Get Many: one list reader with the trigger', () => {
	it('records under a list key of data, paged without totalPages (pages of 2 whatever was asked), read to the short page', async () => {
		const all = endpoints(5);
		suite.api().answer((request): Answer => {
			const page = pageOf(request);
			return {
				body: {
					success: true,
					message: 'ok',
					data: { items: all.slice((page - 1) * 2, page * 2) },
					pagination: { page, perPage: 2 },
				},
			};
		});
		const { output, error } = await getMany();
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.id)).toEqual([1, 2, 3, 4, 5]);
		expect(suite.api().requests.map(pageOf)).toEqual([1, 2, 3]);
	});

	it('a platform that ignores the page number and sends its whole list: read once, each endpoint once', async () => {
		suite.api().answer(() => ({
			body: { success: true, message: 'ok', data: endpoints(3) },
		}));
		const { output, error } = await getMany();
		expect(error).toBeUndefined();
		expect(output.map((item) => item.json.id)).toEqual([1, 2, 3]);
		expect(suite.api().requests.map(pageOf)).toEqual([1, 2]);
	});

	it('a Limit stops asking for pages once it has enough', async () => {
		suite.api().answer((request) => {
			const page = pageOf(request);
			const perPage = Number(request.query[PAGINATION_QUERY.perPage]);
			return {
				body: {
					success: true,
					message: 'ok',
					data: endpoints(500).slice((page - 1) * perPage, page * perPage),
					pagination: { page, perPage, total: 500, totalPages: Math.ceil(500 / perPage) },
				},
			};
		});
		const { output } = await getMany({ returnAll: false, limit: 150 });
		expect(output).toHaveLength(150);
		expect(suite.api().requests.map(pageOf)).toEqual([1, 2]);
	});

	it('an answer with no list in it is an error naming the list, not an empty result', async () => {
		suite.api().answer(() => ({ body: { success: true, message: 'ok', data: { count: 0 } } }));
		const { error } = await getMany();
		expect(error?.message).toMatch(/holds no list of endpoints/);
	});
});
