import type { INodePropertyOptions } from 'n8n-workflow';
import { WEBHOOK_EVENTS, type WebhookEvent } from './documentedValues';

/**
 * What each event means for the money, in an operator's words, shared so that both nodes say the same thing (the
 * action node's statuses and payment methods: nodes/PaymentPlatform/optionTexts.ts).
 */

const WEBHOOK_EVENT_DESCRIPTIONS: Record<WebhookEvent, string> = {
	'charge.pending':
		'Occurs whenever a charge is created and waits for the customer to pay; no money has moved yet',
	'charge.authorized':
		'Occurs whenever a card payment is approved: the amount is reserved on the card but not taken yet',
	'charge.captured': 'Occurs whenever a payment is taken: the customer paid and the money is yours',
	'charge.partially_refunded':
		'Occurs whenever part of a paid charge is given back to the customer; the rest stays yours',
	'charge.refunded':
		'Occurs whenever a paid charge is refunded in full: the whole amount goes back to the customer',
	'charge.voided':
		'Occurs whenever a charge is canceled before the payment was taken; no money moves',
	'charge.failed':
		'Occurs whenever a payment attempt fails, e.g. the card is declined; no money was taken',
	'charge.expired':
		'Occurs whenever a charge is not paid in time (e.g. a pix code or boleto past its due date); no money will come from it',
	'charge.chargeback':
		'Occurs whenever the payer disputes a paid charge with their bank: the amount may be taken back from you',
};

/** In the API's order, each named as the platform sends it. */
export const WEBHOOK_EVENT_OPTIONS: INodePropertyOptions[] = WEBHOOK_EVENTS.map((event) => ({
	name: event,
	value: event,
	description: WEBHOOK_EVENT_DESCRIPTIONS[event],
}));
