/**
 * Why Maximum Body Size defaults to 1 MiB: what a charge event weighs as the sandbox sends it, with items, split and
 * metadata filled far beyond the usual, and the same bytes as a sender that escapes every accent (`\u00e9`, PHP's and
 * Python's default) writes them. Each is verified and run by a trigger left at the default.
 */
import { registeredTrigger, signedRequest } from '../harness/triggerDeliveries';
import { useTestSandbox } from '../harness/sandboxHttp';

const sandbox = useTestSandbox();
const KIB = 1024;

const text = (length: number, char: string) => char.repeat(length);

/** Every field of an item filled, its texts long and accented. */
const item = (i: number) => ({
	id: `SKU-${String(i).padStart(6, '0')}-${text(24, 'a')}`,
	name: text(120, 'ç'),
	description: text(255, 'é'),
	category: text(60, 'a'),
	code: text(40, 'a'),
	quantity: 999,
	unit_price: 123_456_789,
	tangible: true,
});

function heavyCharge(items: number, recipients: number, metadataKeys: number) {
	return {
		amount: 123_456_789,
		currency: 'BRL',
		payment_method: 'pix',
		customer: {
			name: text(120, 'ã'),
			email: 'comprador@example.com',
			tax_id: '12345678909',
			phone: '+5511999999999',
		},
		items: Array.from({ length: items }, (_, i) => item(i)),
		split: Array.from({ length: recipients }, () => ({
			recipient_id: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
			amount: 123_456,
			cross_company: false,
		})),
		metadata: Object.fromEntries(
			Array.from({ length: metadataKeys }, (_, i) => [`campo_${i}`, text(500, 'õ')]),
		),
	};
}

/** The same JSON with every character outside ASCII written as `\uXXXX`. */
const asciiEscaped = (raw: Buffer) =>
	Buffer.from(
		raw
			.toString('utf8')
			.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
		'utf8',
	);

it('a charge event with 250 full items, 20 split recipients and 50 metadata entries fits the default and runs', async () => {
	const { api, sandbox: running } = sandbox();
	const endpoint = await api.post('/v1/postbacks/endpoints', {
		url: 'http://127.0.0.1:9/never-answers',
		events: ['charge.pending'],
	});
	expect(endpoint.status).toBe(201);
	const created = await api.post('/v1/charges', heavyCharge(250, 20, 50));
	expect(created.status).toBe(201);
	const delivery = running.deliveries.find((record) => record.chargeId === created.data.data.id);
	const sent = running.deliveryBody(delivery?.id ?? '') as Buffer;
	const escaped = asciiEscaped(sent);
	expect(JSON.parse(escaped.toString('utf8'))).toEqual(JSON.parse(sent.toString('utf8')));
	// 297 KiB as sent, 761 KiB escaped (docs/chosen-defaults.md): half the default would refuse the escaped one.
	expect(sent.length).toBeGreaterThan(256 * KIB);
	expect(escaped.length).toBeGreaterThan(512 * KIB);
	for (const rawBody of [sent, escaped]) {
		expect(rawBody.length).toBeLessThan(1024 * KIB);
		const trigger = registeredTrigger({ events: ['charge.pending'], options: {} });
		const outcome = await trigger.receive(signedRequest({ rawBody }));
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items[0].json).toMatchObject({ event: 'charge.pending' });
	}
	await running.waitForDeliveries();
});
