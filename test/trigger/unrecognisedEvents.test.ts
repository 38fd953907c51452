/**
 * A signed delivery whose event is none of the reference's nine: from typeVersion 1.3 it runs (the item says the
 * event was not recognised) unless the user chose to drop such events; saved nodes (1, 1.1, 1.2) keep dropping it.
 * Known events that are not selected never run, at every version.
 */
import { PaymentPlatformTrigger } from '../../nodes/PaymentPlatformTrigger/PaymentPlatformTrigger.node';
import { CAPTURED_ONLY, deliveryBody, registeredTrigger, signedRequest } from '../harness/triggerDeliveries';

const renamed = () =>
	signedRequest({
		body: deliveryBody({ event: 'charge.paid' }),
		headers: { 'x-event': 'charge.paid' },
	});
const unselected = () => signedRequest({ body: deliveryBody({ event: 'charge.refunded' }) });
const withoutEvent = () => {
	const body = deliveryBody();
	delete body.event;
	return signedRequest({ body, headers: { 'x-event': '' } });
};

describe('Unrecognised events: typeVersion 1.3 (new nodes)', () => {
	it('is the version the editor adds', () => {
		const { description } = new PaymentPlatformTrigger();
		expect(description.defaultVersion).toBe(1.3);
	});

	it('defaults to running them', () => {
		const harness = registeredTrigger(CAPTURED_ONLY, 1.3);
		expect(harness.production.getNode(harness.node.name)?.parameters.unrecognisedEvents).toBe(
			'run',
		);
	});

	it('an event none of the nine runs, the item saying it was not recognised', async () => {
		const outcome = await registeredTrigger(CAPTURED_ONLY, 1.3).receive(renamed());
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items[0].json).toMatchObject({ event: 'charge.paid', eventRecognised: false });
	});

	it('a selected event runs and says it was recognised', async () => {
		const outcome = await registeredTrigger(CAPTURED_ONLY, 1.3).receive(signedRequest());
		expect(outcome.items[0].json).toMatchObject({
			event: 'charge.captured',
			eventRecognised: true,
		});
	});

	it('a delivery without any event runs, not recognised', async () => {
		const outcome = await registeredTrigger(CAPTURED_ONLY, 1.3).receive(withoutEvent());
		expect(outcome.ran).toBe(true);
		expect(outcome.items[0].json).toMatchObject({ event: null, eventRecognised: false });
	});

	it('a known event not selected is answered 200 and does not run', async () => {
		const outcome = await registeredTrigger(CAPTURED_ONLY, 1.3).receive(unselected());
		expect(outcome).toMatchObject({
			status: 200,
			ran: false,
			body: { ignored: 'event not selected' },
		});
	});

	it.each([
		['an unrecognised event', renamed],
		['a delivery without an event', withoutEvent],
	])('with Unrecognised Events = Drop, %s is answered 200 and dropped', async (_name, request) => {
		const harness = registeredTrigger({ ...CAPTURED_ONLY, unrecognisedEvents: 'drop' }, 1.3);
		expect(await harness.receive(request())).toMatchObject({
			status: 200,
			ran: false,
			body: { ignored: 'event not recognised' },
		});
		expect((await harness.receive(signedRequest())).ran).toBe(true);
	});

	it('after the workflow succeeds, an unrecognised event is acknowledged only once it ran', async () => {
		const harness = registeredTrigger({ ...CAPTURED_ONLY, acknowledge: 'lastNode' }, 1.3);
		expect((await harness.receive(renamed(), { runFails: true })).status).toBe(500);
		expect(await harness.receive(renamed())).toMatchObject({ status: 200, ran: true });
	});
});

describe('Unrecognised events: saved nodes keep their behaviour', () => {
	it.each([1, 1.1, 1.2])(
		'typeVersion %s: an unrecognised event is answered 200 and dropped',
		async (version) => {
			const outcome = await registeredTrigger(CAPTURED_ONLY, version).receive(renamed());
			expect(outcome).toMatchObject({
				status: 200,
				ran: false,
				body: { ignored: 'event not selected' },
			});
		},
	);

	it.each([1, 1.1, 1.2])(
		'typeVersion %s: items carry no eventRecognised field',
		async (version) => {
			const outcome = await registeredTrigger(CAPTURED_ONLY, version).receive(signedRequest());
			expect(outcome.items[0].json).not.toHaveProperty('eventRecognised');
		},
	);

	it.each([1, 1.1, 1.2])('typeVersion %s: a delivery without an event runs', async (version) => {
		expect((await registeredTrigger(CAPTURED_ONLY, version).receive(withoutEvent())).ran).toBe(
			true,
		);
	});
});
