/** Webhook Endpoint → Create against the sandbox, beyond its case file (test/cases): the longest URL, events once, the editor's fields. */
import { WEBHOOK_EVENTS } from '../../../nodes/shared/documentedValues';
import { PaymentPlatform } from '../../../nodes/PaymentPlatform/PaymentPlatform.node';
import { onlyRequest, parametersOf, runOk, useSandbox } from '../../harness/actions';

const api = useSandbox();
const createEndpoint = parametersOf('webhookEndpoint', 'create');
const url2048 = `https://hooks.example.com/${'a'.repeat(2048 - 'https://hooks.example.com/'.length)}`;

describe('Webhook Endpoint → Create', () => {
	it('accepts a URL of exactly 2048 characters and sends each event once', async () => {
		const sandbox = api();
		await runOk(
			sandbox,
			createEndpoint({
				url: url2048,
				events: ['charge.failed', 'charge.failed', 'charge.expired'],
			}),
		);
		expect(onlyRequest(sandbox).body).toEqual({
			url: url2048,
			events: ['charge.failed', 'charge.expired'],
		});
	});

	it('offers the 9 documented events and warns that the secret is shown only once', () => {
		const { properties } = new PaymentPlatform().description;
		const shownFor = { resource: ['webhookEndpoint'], operation: ['create'] };
		const events = properties.find((p) => p.name === 'events');
		expect(events?.type).toBe('multiOptions');
		expect(events?.displayOptions?.show).toEqual(shownFor);
		expect((events?.options as Array<{ value: string }>).map((o) => o.value).sort()).toEqual(
			[...WEBHOOK_EVENTS].sort(),
		);
		const notice = properties.find(
			(p) =>
				p.type === 'notice' && JSON.stringify(p.displayOptions?.show) === JSON.stringify(shownFor),
		);
		expect(notice?.displayName).toMatch(/secret/i);
		expect(notice?.displayName).toMatch(/not be shown again/);
		expect(notice?.displayName).toMatch(/store it now/i);
	});
});
