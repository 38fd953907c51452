/**
 * Only the reference refuses: what the node once refused or changed on its own, run through n8n against the sandbox.
 * Any currency code is sent as text (BRL stays the default), an address is checked only for its shape, an empty
 * object is left out like empty text, and a large number into a text field keeps its digits.
 */
import { SEED } from '../../sandbox';
import { runAction } from '../harness';
import { byId, onlyRequest, runOk, useSandbox } from '../harness/actions';

const api = useSandbox({}, { resetBeforeEach: true });
const bodyOf = () => onlyRequest(api()).body as Record<string, unknown>;

describe('conversions and refusals only where the reference speaks', () => {
	// The sandbox takes only BRL (its own choice); the node refuses nothing and sends the code.
	// prettier-ignore
	it.each([
		['Charge → Create', { resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: 1000, additionalFields: { currency: 'USD' } }, 'USD'],
		['Payment Link → Create', { resource: 'paymentLink', operation: 'create', title: 'Link', amount: 1000, additionalFields: { currency: '={{ "eur" }}' } }, 'eur'],
	])('%s sends a currency other than BRL as given', async (_label, parameters, currency) => {
		await runAction(api(), parameters);
		expect(bodyOf().currency).toBe(currency);
	});

	it('Submerchant → Update takes an address whose domain has no dot', async () => {
		await runOk(api(), {
			resource: 'submerchant',
			operation: 'update',
			submerchantId: byId(SEED.submerchants.active),
			updateFields: { email: 'finance@localhost' },
		});
		expect(bodyOf()).toEqual({ email: 'finance@localhost' });
	});

	// prettier-ignore
	it.each([
		['Charge → Create', { resource: 'charge', operation: 'create', paymentMethod: 'pix', amount: 1000 }],
		['Payment Link → Create', { resource: 'paymentLink', operation: 'create', title: 'Link', amount: 1000 }],
		['Anticipation → Create', { resource: 'anticipation', operation: 'create', receivableIds: SEED.receivables.capturedInstallment1 }],
	])(
		'%s leaves an empty metadata object out, as JSON text or from an expression',
		async (_label, parameters) => {
			await runOk(api(), { ...parameters, additionalFields: { metadata: '{}' } });
			expect(bodyOf()).not.toHaveProperty('metadata');
			api().reset();
			await runOk(api(), { ...parameters, additionalFields: { metadata: '={{ {} }}' } });
			expect(bodyOf()).not.toHaveProperty('metadata');
		},
	);

	it('a large number into a text field keeps its digits, and one beyond 2^53 - 1 is refused', async () => {
		await runOk(api(), {
			resource: 'charge',
			operation: 'create',
			paymentMethod: 'pix',
			amount: 1000,
			customer: { details: { name: '={{ 12345678000190 }}' } },
		});
		expect((bodyOf().customer as Record<string, unknown>).name).toBe('12345678000190');
		api().clearRequests();
		const { error } = await runAction(api(), {
			resource: 'charge',
			operation: 'create',
			paymentMethod: 'pix',
			amount: 1000,
			customer: { details: { name: '={{ 1e21 }}' } },
		});
		expect(error?.message).toMatch(/^customer\.name must be an integer from -9007199254740991/);
		expect(api().requests).toEqual([]);
	});
});
