/**
 * A signed delivery whose event is none of the reference's nine runs (the item says the event was not recognised)
 * unless the user chose to drop such events. Known events that are not selected never run.
 */
import {
	CAPTURED_ONLY,
	CHARGE,
	deliveryBody,
	registeredTrigger,
	signedRequest,
} from '../harness/triggerDeliveries';

const renamed = () =>
	signedRequest({
		body: deliveryBody({ event: 'charge.paid' }),
		headers: { 'x-event': 'charge.paid' },
	});
/** No event in the body, and a record without a status to name one. */
const withoutEvent = () =>
	signedRequest({
		body: deliveryBody({ event: undefined, charge: { ...CHARGE, status: undefined } }),
		headers: { 'x-event': '' },
	});

describe('Unrecognised events', () => {
	it('defaults to running them', () => {
		const harness = registeredTrigger(CAPTURED_ONLY);
		expect(harness.production.getNode(harness.node.name)?.parameters.unrecognisedEvents).toBe(
			'run',
		);
	});

	it('an event none of the nine runs, the item saying it was not recognised', async () => {
		const outcome = await registeredTrigger(CAPTURED_ONLY).receive(renamed());
		expect(outcome).toMatchObject({ status: 200, ran: true });
		expect(outcome.items[0].json).toMatchObject({ event: 'charge.paid', eventRecognised: false });
	});

	it.each([
		['an unrecognised event', renamed],
		['a delivery without an event', withoutEvent],
	])('with Unrecognised Events = Drop, %s is answered 200 and dropped', async (_name, request) => {
		const harness = registeredTrigger({ ...CAPTURED_ONLY, unrecognisedEvents: 'drop' });
		expect(await harness.receive(request())).toMatchObject({
			status: 200,
			ran: false,
			body: { ignored: 'event not recognised' },
		});
		expect((await harness.receive(signedRequest())).ran).toBe(true);
	});

	it('after the workflow succeeds, an unrecognised event is acknowledged only once it ran', async () => {
		const harness = registeredTrigger({ ...CAPTURED_ONLY, acknowledge: 'lastNode' });
		expect((await harness.receive(renamed(), { runFails: true })).status).toBe(500);
		expect(await harness.receive(renamed())).toMatchObject({ status: 200, ran: true });
	});
});
