/**
 * The escape hatch for fields the API reference does not list: Options → Additional Body Fields (JSON) on every write
 * operation (one that sends a JSON body) and Options → Additional Query Parameters on every read operation
 * (fields/additionalFields.ts). Merged into the request after validation; a name the node's own fields set is
 * refused before anything is sent. The sandbox implements only the reference, so an extra body field or list query
 * parameter reaches it and is refused by the API itself (unknown_field): the tests pin what was sent and that answer.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';
import { moduleOf, OPERATIONS, operationRules } from '../harness/registry';
import { ownFieldsOf } from '../../nodes/PaymentPlatform/fields/additionalFields';
import type { OperationModule } from '../../nodes/PaymentPlatform/actions/node.type';
import { PAYMENT_LINKS_PATH } from '../../nodes/shared/chosenNames';
import { SEED } from '../../sandbox';
import { CASES } from '../cases';
import { runAction } from '../harness';
import { createLink } from '../harness/parameters';
import {
	byId,
	expectRejectedBeforeSending,
	onlyRequest,
	runOk,
	useSandbox,
} from '../harness/actions';

const api = useSandbox({}, { resetBeforeEach: true });

const query = (...parameters: Array<[string, string | number]>): INodeParameters => ({
	additionalQueryParameters: { parameters: parameters.map(([name, value]) => ({ name, value })) },
});
const body = (json: string) => ({ additionalBodyFields: json });
/** The refusal of `name` given in `option` while the node's field `field` sets it. */
const setBy = (name: string, field: string, option = 'Additional Body Fields (JSON)') =>
	`${name} is set by the field "${field}"; remove it from ${option}`;

describe('Options → Additional Query Parameters (read operations)', () => {
	it('are sent with a Get, whose route reads no query (the API ignores them)', async () => {
		const sandbox = api();
		const { output } = await runOk(sandbox, {
			resource: 'charge',
			operation: 'get',
			chargeId: byId(SEED.charges.pending),
			options: query(['expand', 'customer'], ['locale', 'pt-BR']),
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path]).toEqual(['GET', `/v1/charges/${SEED.charges.pending}`]);
		expect(request.query).toEqual({ expand: 'customer', locale: 'pt-BR' });
		expect(output[0].json.id).toBe(SEED.charges.pending);
	});

	it('are added to every page of a list, next to the node own parameters; the API refuses one it does not know', async () => {
		const sandbox = api();
		const { error } = await runAction(sandbox, {
			resource: 'paymentLink',
			operation: 'getAll',
			returnAll: false,
			limit: 5,
			options: query(['active', 'true']),
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.path]).toEqual(['GET', PAYMENT_LINKS_PATH]);
		expect(request.query).toEqual({ page: '1', perPage: '5', active: 'true' });
		expect(request.status).toBe(422);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		expect(error?.message).toBe(
			'Validation failed: active is not a query parameter of this operation',
		);
	});

	// prettier-ignore
	it.each<[string, INodeParameters, string]>([
		['a filter the node has a field for (even when that filter is not set)', { resource: 'charge', operation: 'getAll', returnAll: true, options: query(['status', 'paid']) }, setBy('status', 'Filters → Status', 'Additional Query Parameters')],
		['the page number of a list', { resource: 'paymentLink', operation: 'getAll', returnAll: true, options: query(['page', 2]) }, setBy('page', 'Return All / Limit', 'Additional Query Parameters')],
		['the amount of Get Fee', { resource: 'withdrawal', operation: 'getFee', amount: 1000, options: query(['amount', 5]) }, setBy('amount', 'Amount (in Cents)', 'Additional Query Parameters')],
		['a parameter given twice', { resource: 'charge', operation: 'get', chargeId: byId(SEED.charges.pending), options: query(['expand', 'a'], ['expand', 'b']) }, 'expand is given more than once in Additional Query Parameters'],
		['a parameter without a name', { resource: 'charge', operation: 'get', chargeId: byId(SEED.charges.pending), options: query(['expand', 'a'], [' ', 'b']) }, 'Additional Query Parameters → parameter 2 needs a name'],
	])('refuse %s before sending', async (_case, parameters, message) => {
		await expectRejectedBeforeSending(api(), parameters, message);
	});

	it('the node own checks come first: a bad filter is named before the extra parameters are read', async () => {
		await expectRejectedBeforeSending(
			api(),
			{
				resource: 'charge',
				operation: 'getAll',
				returnAll: true,
				filters: { installments: 0 },
				options: query(['status', 'paid']),
			},
			'installments must be an integer from 1 to 12',
		);
	});
});

describe('Options → Additional Body Fields (JSON) (write operations)', () => {
	it('are merged into the body after the node own fields; the API answers for a field it does not know', async () => {
		const sandbox = api();
		const { error } = await runAction(
			sandbox,
			createLink({
				options: body('{"installments_fee": {"payer": "customer"}, "tags": ["winter"]}'),
			}),
		);
		const request = onlyRequest(sandbox);
		expect([request.method, request.path]).toEqual(['POST', PAYMENT_LINKS_PATH]);
		expect(request.body).toEqual({
			title: 'Camiseta Lua',
			amount: 4990,
			installments_fee: { payer: 'customer' },
			tags: ['winter'],
		});
		expect(request.status).toBe(422);
		expect(error?.name).toBe('NodeApiError');
		expect(error?.description).toBe('VALIDATION_ERROR (HTTP 422)');
		expect(error?.message).toBe(
			'Validation failed: installments_fee is not an allowed field; tags is not an allowed field',
		);
	});

	it('an empty object (the default) changes nothing', async () => {
		const sandbox = api();
		await runOk(sandbox, createLink({ options: body('{}') }));
		expect(onlyRequest(sandbox).body).toEqual({ title: 'Camiseta Lua', amount: 4990 });
	});

	it('an already parsed object from an expression is taken as it is', async () => {
		const sandbox = api();
		await runAction(sandbox, {
			resource: 'webhookEndpoint',
			operation: 'create',
			url: 'https://hooks.example.com/pp',
			events: ['charge.captured'],
			options: { additionalBodyFields: { description: 'orders' } },
		});
		expect(onlyRequest(sandbox).body).toEqual({
			url: 'https://hooks.example.com/pp',
			events: ['charge.captured'],
			description: 'orders',
		});
	});

	// An update with no field at all is sent too: the reference refuses no empty update (n8n sends an empty JSON body
	// as none). The sandbox knows no extra field (422) and takes the empty update (200).
	// prettier-ignore
	it.each<[string, string, object | undefined, number]>([
		['are enough for an update: Submerchant → Update with only an extra field sends it', '{"instagram": "@loja"}', { instagram: '@loja' }, 422],
		['an update with neither a field nor an extra field is sent as it is', '{}', undefined, 200],
	])('%s', async (_case, json, sent, status) => {
		const sandbox = api();
		await runAction(sandbox, {
			resource: 'submerchant',
			operation: 'update',
			submerchantId: byId(SEED.submerchants.active),
			options: body(json),
		});
		const request = onlyRequest(sandbox);
		expect([request.method, request.body, request.status]).toEqual(['PATCH', sent, status]);
	});

	// prettier-ignore
	it.each<[string, INodeParameters, string]>([
		['a field the node sets (Payment Link → Create amount)', createLink({ options: body('{"amount": 100}') }), setBy('amount', 'Amount (in Cents)')],
		['an optional field the node has, even when it is not set', createLink({ options: body('{"redirect_url": "https://example.com"}') }), setBy('redirect_url', 'Additional Fields → Redirect URL')],
		['a nested object the node builds (Charge → Create customer)', { resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: 1000, options: body('{"customer": {"name": "Ana"}}') }, setBy('customer', 'Customer')],
		['a field the node can clear (Submerchant → Update description)', { resource: 'submerchant', operation: 'update', submerchantId: byId(SEED.submerchants.active), fieldsToClear: ['description'], options: body('{"description": "x"}') }, setBy('description', 'Update Fields → Description')],
		['the chosen address type name', { resource: 'submerchantAddress', operation: 'update', submerchantId: byId(SEED.submerchants.active), addressId: SEED.addresses.activeBilling, options: body('{"type": "billing"}') }, setBy('type', 'Update Fields → Address Type')],
		['text that is not JSON', createLink({ options: body('{amount: 1') }), 'Additional Body Fields (JSON) must be valid JSON'],
		['a JSON array', createLink({ options: body('[1]') }), 'Additional Body Fields (JSON) must be a JSON object'],
	])('refuse %s before sending', async (_case, parameters, message) => {
		await expectRejectedBeforeSending(api(), parameters, message);
	});
});

describe('which operations offer which option', () => {
	const optionsOf = (module: OperationModule): string[] =>
		module.description
			.filter((property: INodeProperties) => property.name === 'options')
			.flatMap((property) => (property.options ?? []).map((option) => option.name));
	const offering = (option: string) =>
		OPERATIONS.filter(({ module }) => optionsOf(module).includes(option)).map(({ name }) => name);

	it('an operation with a rule table refuses each of its fields, named by the display names of the field that sets it', () => {
		const displayNames = (list: INodeProperties[]): string[] =>
			list.flatMap((property) => [
				property.displayName,
				...displayNames(
					(property.options ?? []).flatMap((option) =>
						'values' in option ? option.values : 'displayName' in option ? [option] : [],
					),
				),
			]);
		const tables = Object.entries(operationRules()).filter(([name]) =>
			[...offering('additionalBodyFields'), ...offering('additionalQueryParameters')].includes(
				name,
			),
		);
		expect(tables.length).toBeGreaterThan(10);
		for (const [name, rules] of tables) {
			const { description } = moduleOf(name);
			const own = ownFieldsOf(description, rules);
			const fields = new Set(rules.map((rule) => rule.field.split('.')[0]));
			expect([name, Object.keys(own).sort()]).toEqual([name, [...fields].sort()]);
			const known = new Set(displayNames(description));
			const unknown = Object.values(own).flatMap((way) =>
				way.split(' → ').filter((part) => !known.has(part)),
			);
			expect([name, unknown]).toEqual([name, []]);
		}
	});

	it('every operation that sends a JSON body, and only those, offers Additional Body Fields (JSON)', () => {
		expect(offering('additionalBodyFields').sort()).toEqual(
			[
				'anticipation.create',
				'charge.create',
				'paymentLink.create',
				'submerchant.update',
				'submerchantAddress.create',
				'submerchantAddress.update',
				'webhookEndpoint.create',
			].sort(),
		);
	});

	it('every read (GET) operation, and only those, offers Additional Query Parameters', () => {
		const reads = CASES.filter((c) => c.request.method === 'GET').map((c) => c.name);
		expect(reads.length).toBeGreaterThan(5);
		expect(offering('additionalQueryParameters').sort()).toEqual(reads.sort());
	});
});
