/**
 * Deliveries whose event is none of the reference's nine: what the trigger does with them, per typeVersion.
 * A signed delivery is the platform's data: a platform that names an event differently must not lose it silently.
 */
import type { INodeProperties } from 'n8n-workflow';
import { WEBHOOK_EVENTS } from '../PaymentPlatform/api/documentedValues';

/** The first trigger version that runs unrecognised events (saved nodes, 1 to 1.2, answer them 200 and drop them). */
export const RUN_UNRECOGNISED_EVENTS_VERSION = 1.3;

export type UnrecognisedEventsChoice = 'run' | 'drop';

/** The parameter, shown from 1.3 on. */
export const unrecognisedEventsProperties: INodeProperties[] = [
	{
		displayName: 'Unrecognised Events',
		name: 'unrecognisedEvents',
		type: 'options',
		options: [
			{
				name: 'Run the Workflow',
				value: 'run',
				description:
					'Run it like a selected event; the item says "eventRecognised": false so you can route it',
			},
			{
				name: 'Drop',
				value: 'drop',
				description:
					"Answer 200 and run nothing; the platform will not send it again, so the event is in nobody's hands",
			},
		],
		default: 'run',
		description:
			'What to do with a signed delivery whose event is none of the nine the Payment Platform documents, or that names no event (a platform that names events differently sends such deliveries). Known events that are not selected in Events never run.',
		displayOptions: { show: { '@version': [{ _cnd: { gte: RUN_UNRECOGNISED_EVENTS_VERSION } }] } },
	},
];

/** True when `event` is one of the reference's nine. */
export function isRecognisedEvent(event: string | null): boolean {
	return event !== null && (WEBHOOK_EVENTS as readonly string[]).includes(event);
}

/**
 * Why a verified delivery is answered 200 without running, or undefined when it runs.
 * Before 1.3 any named event that is not selected is dropped (unrecognised ones included) and a delivery without an
 * event runs; from 1.3 on, an unrecognised or missing event runs unless the user chose to drop it.
 */
export function reasonNotToRun(
	event: string | null,
	selected: readonly string[],
	typeVersion: number,
	choice: unknown,
): 'event not selected' | 'event not recognised' | undefined {
	if (typeVersion < RUN_UNRECOGNISED_EVENTS_VERSION) {
		return event !== null && !selected.includes(event) ? 'event not selected' : undefined;
	}
	if (isRecognisedEvent(event)) {
		return selected.includes(event as string) ? undefined : 'event not selected';
	}
	return choice === 'drop' ? 'event not recognised' : undefined;
}
