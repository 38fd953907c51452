/**
 * Simplify: on a read, the fields an operator needs first; on a create, everything but the noise; the raw record when
 * off. Real workflows through the in-process n8n harness against the sandbox.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';
import { NodeHelpers } from 'n8n-workflow';
import { PaymentPlatform } from '../../nodes/PaymentPlatform/PaymentPlatform.node';
import { actionWorkflow, credentialsFor, runWorkflow } from '../harness';
import { SEED } from '../../sandbox';
import { byId, jsonOf, useSandbox } from '../harness/actions';
import {
	SIMPLE_CHARGE_FIELDS as CHARGE_FIELDS,
	SIMPLE_SUBMERCHANT_FIELDS as SUBMERCHANT_FIELDS,
} from '../harness/simplified';

const api = useSandbox();

/** Runs the action node with `parameters` (Simplify at its default unless they set it); returns its items' JSON. */
async function run(parameters: INodeParameters): Promise<IDataObject[]> {
	const result = await runWorkflow(actionWorkflow(parameters), {
		credentials: credentialsFor(api()),
	});
	expect(result.error?.message).toBeUndefined();
	return jsonOf(result.outputOf('Payment Platform'));
}

const getCharge = { resource: 'charge', operation: 'get', chargeId: byId(SEED.charges.captured) };

describe('Simplify on Charge → Get', () => {
	it('is on by default and keeps the fields an operator needs, with their raw values', async () => {
		const [raw] = await run({ ...getCharge, simplify: false });
		const [simple] = await run(getCharge);

		expect(Object.keys(simple)).toEqual(CHARGE_FIELDS);
		expect(Object.keys(raw).length).toBeGreaterThan(CHARGE_FIELDS.length + 5);
		const customer = raw.customer as IDataObject;
		expect(simple).toEqual({
			id: raw.id,
			status: 'captured',
			amount: raw.amount,
			currency: 'BRL',
			payment_method: raw.payment_method,
			installments: raw.installments,
			customer_name: customer.name,
			customer_email: customer.email ?? null,
			created_at: raw.created_at,
			updated_at: raw.updated_at,
		});
	});
});

describe('Simplify in the node description', () => {
	const description = new PaymentPlatform().description;
	/** The parameters n8n keeps for a node (hidden ones are dropped, defaults filled in). */
	const parametersOf = (parameters: INodeParameters) =>
		NodeHelpers.getNodeParameters(
			description.properties,
			parameters,
			true,
			false,
			{ typeVersion: 1 },
			description,
		);

	it('the node has one version, 1, and no defaultVersion (so that n8n adds Custom API Call)', () => {
		expect(description.version).toBe(1);
		expect(description.defaultVersion).toBeUndefined();
	});

	it.each([
		['charge', 'create'],
		['charge', 'get'],
		['charge', 'getAll'],
		['submerchant', 'get'],
		['submerchant', 'getAll'],
		['submerchant', 'update'],
		['paymentLink', 'get'],
		['submerchantDocument', 'create'],
		['submerchantDocument', 'getAll'],
	])('%s → %s shows Simplify, on', (resource, operation) => {
		expect(parametersOf({ resource, operation })).toHaveProperty('simplify', true);
	});

	it('operations that return no record of more than ten fields have no Simplify', () => {
		expect(parametersOf({ resource: 'withdrawal', operation: 'getSummary' })).not.toHaveProperty(
			'simplify',
		);
		expect(
			parametersOf({ resource: 'submerchant', operation: 'submitForReview' }),
		).not.toHaveProperty('simplify');
	});
});

describe('Simplify on list and write operations', () => {
	it('Charge → Get Many simplifies every charge of the list and keeps their order', async () => {
		const list = { resource: 'charge', operation: 'getAll', returnAll: true };
		const raw = await run({ ...list, simplify: false });
		const simple = await run(list);
		expect(simple.map((c) => c.id)).toEqual(raw.map((c) => c.id));
		expect(simple.length).toBeGreaterThan(1);
		for (const charge of simple) expect(Object.keys(charge)).toEqual(CHARGE_FIELDS);
		expect(await run({ ...list, simplify: false })).toEqual(raw);
	});

	it("Charge → Create keeps the platform's whole answer but the noise list, the payer's data included, after exactly one POST", async () => {
		api().clearRequests();
		const create = {
			resource: 'charge',
			operation: 'create',
			paymentMethod: 'pix',
			amount: 1500,
			customer: { details: { name: 'Maria Silva', email: 'maria@example.com' } },
		};
		const [created] = await run(create);
		expect(api().requests.map((r) => r.method)).toEqual(['POST']);
		const stored = { ...(api().store.charges.get(String(created.id)) as IDataObject) };
		delete stored.merchant_id;
		delete stored.updated_at;
		expect(created).toEqual(stored);
		expect(created).toMatchObject({
			status: 'pending',
			amount: 1500,
			payment_method: 'pix',
			customer: { name: 'Maria Silva', email: 'maria@example.com' },
			pix: { copy_paste: expect.stringMatching(/^000201/) },
		});
		const [whole] = await run({ ...create, simplify: false });
		expect(whole).toHaveProperty('merchant_id');
		expect(whole).toHaveProperty('updated_at');
	});

	it('Payment Link and Submerchant Document → Create leave out only the noise list too', async () => {
		const [link] = await run({
			resource: 'paymentLink',
			operation: 'create',
			title: 'Camiseta',
			amount: 4990,
		});
		expect(link).toMatchObject({
			title: 'Camiseta',
			checkout_url: expect.any(String),
			metadata: {},
		});
		for (const noise of ['merchant_id', 'created_by', 'updated_at'])
			expect(link).not.toHaveProperty(noise);
		const [document] = await run({
			resource: 'submerchantDocument',
			operation: 'create',
			submerchantId: byId(SEED.submerchants.active),
			documentType: 'front_id',
			fileUrl: 'https://files.example.com/id.png',
		});
		expect(document).toMatchObject({ type: 'front_id', submerchant_id: SEED.submerchants.active });
		expect(document).not.toHaveProperty('updated_at');
	});

	it('Submerchant → Get and Get Many keep the submerchant fields an operator needs', async () => {
		const get = {
			resource: 'submerchant',
			operation: 'get',
			submerchantId: byId(SEED.submerchants.rejected),
		};
		const [raw] = await run({ ...get, simplify: false });
		const [simple] = await run(get);
		expect(Object.keys(simple)).toEqual(SUBMERCHANT_FIELDS.filter((f) => raw[f] !== undefined));
		expect(simple.review_notes).toBe(raw.review_notes);
		expect(simple.status).toBe('rejected');

		const many = await run({
			resource: 'submerchant',
			operation: 'getAll',
			returnAll: true,
		});
		expect(many.length).toBeGreaterThan(1);
		for (const submerchant of many) {
			expect(Object.keys(submerchant).every((f) => SUBMERCHANT_FIELDS.includes(f))).toBe(true);
		}
	});

	it('Payment Link → Get and Submerchant Document → Get Many are simplified too', async () => {
		const [link] = await run({
			resource: 'paymentLink',
			operation: 'get',
			paymentLinkId: SEED.paymentLinkId,
		});
		expect(link).toMatchObject({ id: SEED.paymentLinkId, status: 'active' });
		expect(link.checkout_url).toEqual(expect.any(String));
		expect(link).not.toHaveProperty('merchant_id');
		expect(link).not.toHaveProperty('metadata');

		const documents = await run({
			resource: 'submerchantDocument',
			operation: 'getAll',
			submerchantId: byId(SEED.submerchants.active),
			returnAll: true,
		});
		expect(documents.length).toBeGreaterThan(0);
		for (const document of documents) {
			expect(document).toMatchObject({ type: expect.any(String), status: expect.any(String) });
			expect(document).not.toHaveProperty('file_url');
			expect(document).not.toHaveProperty('submerchant_id');
		}
	});
});
