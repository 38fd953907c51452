/** Values and limits documented in the API reference, used by the nodes' dropdowns and validation. */

export const WEBHOOK_EVENTS = [
	'charge.pending',
	'charge.authorized',
	'charge.captured',
	'charge.partially_refunded',
	'charge.refunded',
	'charge.voided',
	'charge.failed',
	'charge.expired',
	'charge.chargeback',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

export const LIMITS = {
	address: {
		street: { min: 1, max: 255 },
		number: { min: 1, max: 20 },
		neighborhood: { min: 1, max: 100 },
		city: { min: 1, max: 100 },
		state: { exact: 2 },
		zipCode: { min: 8, max: 10 },
		complement: { max: 100 },
		country: { exact: 2 },
	},
	submerchant: {
		tradeName: { min: 3, max: 255 },
		legalName: { min: 3, max: 255 },
		phone: { max: 20 },
		website: { max: 255 },
		softDescriptor: { max: 22 },
		motherName: { max: 255 },
	},
	document: {
		type: { min: 1, max: 100 },
		fileUrl: { max: 500 },
		fileName: { max: 255 },
		mimeType: { max: 100 },
		number: { max: 100 },
	},
	webhookEndpoint: { url: { max: 2048 } },
} as const;
