/**
 * The trigger's signature options (every typeVersion): which scheme, the replay window, and for a timestamp sent in
 * its own header, that header and the signed text's layout. Defaults are the chosen names (WEBHOOK_SIGNATURE_NAMES).
 */
import type { INodeProperties } from 'n8n-workflow';
import { WEBHOOK_SIGNATURE_NAMES } from '../PaymentPlatform/api/chosenNames';
import { parseSignedTextLayout } from './signedText';
import type { SignatureScheme, VerificationSettings } from './verifyDelivery';

export interface SignatureOptions {
	signatureScheme?: SignatureScheme;
	signatureHeader?: string;
	timestampTolerance?: number;
	timestampHeader?: string;
	signedTextLayout?: string;
}

const NAMES = WEBHOOK_SIGNATURE_NAMES;

/** The Options entries, in n8n's alphabetical order of display names. */
export const signatureOptions: INodeProperties[] = [
	{
		displayName: 'Signature Header',
		name: 'signatureHeader',
		type: 'string',
		default: '',
		placeholder: 'X-Signature',
		description:
			'The request header that carries the HMAC-SHA256 signature. Leave empty to use X-Signature and any header whose name ends in "-signature" (at most 8 headers are read).',
	},
	{
		displayName: 'Signature Scheme',
		name: 'signatureScheme',
		type: 'options',
		default: 'automatic',
		options: [
			{
				name: 'Automatic',
				value: 'automatic',
				description: 'Recognise any of the schemes below by the headers the delivery carries',
			},
			{
				name: 'Raw Body',
				value: 'rawBody',
				description:
					'HMAC of the body alone, hex or base64, optionally after "sha256=" (no timestamp)',
			},
			{
				name: 'Standard Webhooks',
				value: 'standardWebhooks',
				description:
					'Webhook-ID, Webhook-Timestamp and Webhook-Signature headers ("v1," then base64); a whsec_ secret is used decoded',
			},
			{
				name: 'Timestamp in Its Own Header',
				value: 'timestampHeader',
				description:
					'The timestamp in a header of its own, the signed text laid out as Signed Text Layout says',
			},
			{
				name: 'Timestamped (Stripe Style)',
				value: 'timestamped',
				description:
					'A "t=seconds,v1=hex" signature over the timestamp, a dot and the body, as Stripe signs',
			},
		],
		description:
			'How the platform signs its deliveries. Automatic accepts any scheme listed; pinning one accepts only that one.',
	},
	{
		displayName: 'Signed Text Layout',
		name: 'signedTextLayout',
		type: 'string',
		// Literal defaults (n8n's lint asks for them): test/trigger/signatureOptions.test.ts checks they are the chosen names.
		default: '{timestamp}.{body}',
		placeholder: '{timestamp}.{body}',
		description:
			'When the timestamp comes in a header of its own: the text the platform signs, with {timestamp} and {body} in their places (e.g. v0:{timestamp}:{body} for Slack-style signing, {timestamp}{body} for Zendesk-style)',
	},
	{
		displayName: 'Timestamp Header',
		name: 'timestampHeader',
		type: 'string',
		default: '',
		placeholder: NAMES.timestampHeader,
		description: `The header carrying the timestamp when it is sent apart from the signature. Leave empty to use ${NAMES.timestampHeader}, else the first header whose name ends in "${NAMES.timestampHeaderSuffix}". Unix seconds, Unix milliseconds or ISO 8601.`,
	},
	{
		displayName: 'Timestamp Tolerance (Seconds)',
		name: 'timestampTolerance',
		type: 'number',
		default: 300,
		typeOptions: { minValue: 1 },
		description:
			'Replay window of the timestamped schemes: a delivery whose signed timestamp is further than this from now, in the past or the future, gets 401 and does not run',
	},
];

/** The settings verifyDelivery needs, or an error text when the Signed Text Layout is not usable. */
export function verificationSettings(options: SignatureOptions): VerificationSettings | string {
	const layout = parseSignedTextLayout(options.signedTextLayout || NAMES.signedTextLayout);
	if (typeof layout === 'string') return layout;
	const tolerance = Number(options.timestampTolerance ?? NAMES.toleranceSeconds);
	return {
		scheme: options.signatureScheme ?? 'automatic',
		toleranceSeconds:
			Number.isFinite(tolerance) && tolerance > 0 ? tolerance : NAMES.toleranceSeconds,
		signatureHeader: options.signatureHeader,
		timestampHeader: options.timestampHeader,
		signedTextLayout: layout,
	};
}
