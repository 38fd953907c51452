/**
 * Parameters of saved workflows from before the rule tables (no typeVersion bump, no migration), read so those
 * workflows keep sending the same request:
 * - Charge → Create: the card fields were top-level (`cardInput`, `cardNumber`, `holderName`, `expirationMonth`,
 *   `expirationYear`, `cvv`, `cardToken`, `installments`) and the statement descriptor was
 *   `additionalFields.statement_descriptor`; they now live in the Payment Details collection.
 * - Submerchant Address → Create: `addressType` was top-level; it is now in Additional Fields.
 *
 * Why they are still declared (as `hidden` properties, which the editor does not show): n8n's Workflow constructor
 * rebuilds every node's parameters from the node's description (NodeHelpers.getNodeParameters) and drops the ones it
 * does not declare, so neither `this.getNode().parameters` nor getNodeParameter would ever see an old name that is
 * only in the saved JSON. Declared, they are read (and their expressions resolved) by getNodeParameter like any other.
 *
 * The values are handed to buildRequest as fallbacks of the new parameters: the new parameter wins when both are set.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';

/** The payment methods for which the old node read the card fields (it showed them only for these). */
const CARD_METHODS = ['credit_card', 'debit_card'];

const hidden = (
	name: string,
	defaultValue: string | number,
	show?: Record<string, string[]>,
): INodeProperties => ({
	displayName: `Legacy ${name}`,
	name,
	type: 'hidden',
	default: defaultValue,
	...(show ? { displayOptions: { show } } : {}),
});

/**
 * Charge → Create's old top-level card fields, with the old defaults and display conditions (a saved workflow stores
 * only values that differ from the default, so `cardInput` "details" and `installments` 1 are absent when chosen).
 */
export const LEGACY_CHARGE_PROPERTIES: INodeProperties[] = [
	hidden('cardInput', 'details', { paymentMethod: CARD_METHODS }),
	...['cardNumber', 'holderName', 'expirationMonth', 'expirationYear', 'cvv'].map((name) =>
		hidden(name, '', { paymentMethod: CARD_METHODS, cardInput: ['details'] }),
	),
	hidden('cardToken', '', { paymentMethod: CARD_METHODS, cardInput: ['token'] }),
	hidden('installments', 1, { paymentMethod: CARD_METHODS }),
];

/**
 * The old Additional Fields → Statement Descriptor of Charge → Create. Visible (the editor lists even `hidden`
 * options of a collection under Add Field), under its old display condition, and named as the old field.
 */
export const LEGACY_STATEMENT_DESCRIPTOR: INodeProperties = {
	displayName: 'Statement Descriptor (Old Field)',
	name: 'statement_descriptor',
	type: 'string',
	default: '',
	description:
		'Kept for workflows saved before Payment Details; use Payment Details → Statement Descriptor, which wins when both are set',
	displayOptions: { show: { '/paymentMethod': CARD_METHODS } },
};

/**
 * Submerchant Address → Create's old top-level Address Type. Its old default ("billing") was not stored in saved
 * workflows and cannot be told from a new node's unset value, so only an explicitly stored type is read (the
 * API's own default then applies, which is billing in the sandbox).
 */
export const LEGACY_ADDRESS_TYPE: INodeProperties = hidden('addressType', '');

/** Whether a raw (saved, unresolved) value was given: an expression counts, resolved later. */
function given(value: unknown): boolean {
	return value !== undefined && value !== null && String(value).trim() !== '';
}

/**
 * The old card fields of item `i`, keyed by the new parameter they stand for; empty when the node has no old card
 * (a new node only carries the hidden defaults). The old node read them only for card methods, and only the fields
 * of the chosen Card Input.
 */
export function legacyChargeFallbacks(this: IExecuteFunctions, i: number): Record<string, unknown> {
	const raw = this.getNode().parameters;
	const read = (name: string, fallback: unknown = '') => this.getNodeParameter(name, i, fallback);
	const result: Record<string, unknown> = {};
	if (!CARD_METHODS.includes(String(read('paymentMethod')))) return result;
	const additional = raw.additionalFields as Record<string, unknown> | undefined;
	if (given(additional?.statement_descriptor)) {
		result['paymentDetails.statementDescriptor'] = read('additionalFields.statement_descriptor');
	}
	const token = read('cardInput', 'details') === 'token';
	const card: Record<string, string> = token
		? { cardToken: 'token' }
		: {
				cardNumber: 'number',
				holderName: 'holderName',
				expirationMonth: 'expirationMonth',
				expirationYear: 'expirationYear',
				cvv: 'cvv',
			};
	// The old node required the number (or the token); a node without one has no old card to send.
	if (!given(raw[token ? 'cardToken' : 'cardNumber'])) return result;
	for (const [name, parameter] of Object.entries(card)) {
		if (given(raw[name])) result[`paymentDetails.${parameter}`] = read(name);
	}
	result['paymentDetails.installments'] = read('installments', 1);
	return result;
}

/** The old top-level Address Type of item `i`, as a fallback of Additional Fields → Address Type. */
export function legacyAddressFallbacks(
	this: IExecuteFunctions,
	i: number,
): Record<string, unknown> {
	return given(this.getNode().parameters.addressType)
		? { 'additionalFields.addressType': this.getNodeParameter('addressType', i, '') }
		: {};
}
