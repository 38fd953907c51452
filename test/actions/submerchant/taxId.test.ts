/**
 * Submerchant → Update never sends tax_id: the reference says "tax_id cannot be changed after creation". The node has
 * no field for it, so every way in is through Options → Additional Body Fields: JSON text, an object from an
 * expression, an empty or null value, next to other fields. Each is refused before any request.
 */
import type { INodeParameters } from 'n8n-workflow';
import { byId, expectRejectedBeforeSending, SEED, useSandbox } from '../../harness/actions';
import * as update from '../../../nodes/PaymentPlatform/actions/submerchant/update.operation';

const sandbox = useSandbox();
const REFUSAL =
	'tax_id cannot be sent on an update: the API reference says "tax_id cannot be changed after creation"';

const updateWith = (additionalBodyFields: unknown, updateFields: object = {}): INodeParameters => ({
	resource: 'submerchant',
	operation: 'update',
	submerchantId: byId(SEED.submerchants.active),
	updateFields: updateFields as INodeParameters,
	options: { additionalBodyFields } as INodeParameters,
});

describe('Submerchant → Update refuses tax_id wherever it comes from', () => {
	it.each([
		['JSON text', '{"tax_id": "12345678000190"}'],
		['an object from an expression', '={{ { tax_id: "12345678000190" } }}'],
		['an empty value', '{"tax_id": ""}'],
		['null', '{"tax_id": null}'],
		['a number', '{"tax_id": 12345678000190}'],
	])('Additional Body Fields as %s', async (_route, value) => {
		await expectRejectedBeforeSending(sandbox(), updateWith(value), REFUSAL);
	});

	it('next to fields that may be changed, nothing is sent', async () => {
		await expectRejectedBeforeSending(
			sandbox(),
			updateWith('{"tax_id": "12345678000190", "new_field": 1}', { tradeName: 'Loja Nova' }),
			REFUSAL,
		);
	});

	it('the node offers no field that sets tax_id', () => {
		expect(update.fields.rules.map((rule) => rule.field)).not.toContain('tax_id');
	});
});
