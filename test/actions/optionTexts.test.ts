/**
 * The words an operator reads for each event, status and payment method: every option explains itself, the
 * values the API knows are unchanged, and the action node and the trigger say the same thing.
 */
import type { INodeProperties, INodePropertyOptions } from 'n8n-workflow';
import { PaymentPlatform } from '../../nodes/PaymentPlatform/PaymentPlatform.node';
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { WEBHOOK_EVENTS } from '../../nodes/shared/documentedValues';
import {
	CHARGE_STATUSES,
	PAYMENT_METHODS,
	SUBMERCHANT_STATUSES,
} from '../../nodes/PaymentPlatform/documentedValues';

const actionProperties = new PaymentPlatform().description.properties;
const triggerProperties = new PaymentPlatformTrigger().description.properties;

/** Every property (nested ones included) named `name` and shown for `resource` → `operation`. */
function optionsOf(resource: string, operation: string, name: string): INodePropertyOptions[] {
	const shownFor = (p: INodeProperties) =>
		p.displayOptions?.show?.resource?.includes(resource) &&
		p.displayOptions?.show?.operation?.includes(operation);
	const found: INodeProperties[] = [];
	const visit = (p: INodeProperties) => {
		if (p.name === name && p.options) found.push(p);
		for (const child of (p.options ?? []) as INodeProperties[]) if ('type' in child) visit(child);
	};
	actionProperties.filter(shownFor).forEach(visit);
	expect(found).toHaveLength(1);
	return found[0].options as INodePropertyOptions[];
}

const values = (options: INodePropertyOptions[]) => options.map((o) => o.value);

describe('Trigger events', () => {
	const events = triggerProperties.find((p) => p.name === 'events')
		?.options as INodePropertyOptions[];

	it('keep their values and order, named as the platform sends them', () => {
		expect(values(events)).toEqual([...WEBHOOK_EVENTS]);
		expect(events.map((o) => o.name)).toEqual([...WEBHOOK_EVENTS]);
	});

	it('say what happened and what it means for the money, as "Occurs whenever …"', () => {
		for (const event of events) {
			expect(event.description).toMatch(/^Occurs whenever .+; |^Occurs whenever .+: /);
			expect(event.description).not.toContain(String(event.value));
		}
		const captured = events.find((o) => o.value === 'charge.captured');
		expect(captured?.description).toMatch(/payment is taken/);
		const chargeback = events.find((o) => o.value === 'charge.chargeback');
		expect(chargeback?.description).toMatch(/disputes .* with their bank/);
	});

	it('read the same in Webhook Endpoint → Create', () => {
		const endpointEvents = optionsOf('webhookEndpoint', 'create', 'events');
		const byValue = (options: INodePropertyOptions[]) =>
			Object.fromEntries(options.map((o) => [o.value, o.description]));
		expect(byValue(endpointEvents)).toEqual(byValue(events));
	});
});

describe('Statuses and payment methods in the action node', () => {
	it.each([
		['charge statuses', optionsOf('charge', 'getAll', 'status'), CHARGE_STATUSES],
		['payment methods (Get Many)', optionsOf('charge', 'getAll', 'paymentMethod'), PAYMENT_METHODS],
		['payment methods (Create)', optionsOf('charge', 'create', 'paymentMethod'), PAYMENT_METHODS],
		['submerchant statuses', optionsOf('submerchant', 'getAll', 'status'), SUBMERCHANT_STATUSES],
	])('%s keep their values and each says what it means', (_, options, apiValues) => {
		expect([...values(options)].sort()).toEqual([...apiValues].sort());
		for (const option of options) {
			expect(String(option.description).length).toBeGreaterThan(20);
			expect(option.description).not.toMatch(new RegExp(`^${option.name}$`, 'i'));
		}
		expect(options.map((o) => o.name)).toEqual([...options.map((o) => o.name)].sort());
	});
});
