/**
 * Charge → Create as saved before typeVersion 1.2 (MOVED_FIELDS_VERSION): the card fields were top-level (`cardInput`,
 * `cardNumber`, `holderName`, `expirationMonth`, `expirationYear`, `cvv`, `cardToken`, `installments`) and the
 * statement descriptor was `additionalFields.statement_descriptor`; they now live in the Payment Details collection.
 *
 * Why they are still declared for those nodes: n8n's Workflow constructor rebuilds every node's parameters from the
 * node's description (NodeHelpers.getNodeParameters) and drops the ones it does not declare, so getNodeParameter would
 * never see an old name that is only in the saved JSON. The values are handed to buildRequest as fallbacks of the new
 * parameters: the new parameter wins when both are set.
 */
import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { MOVED_FIELDS_VERSION, SAVED_BEFORE_MOVE } from '../versions';

/** The payment methods for which the old node read the card fields (it showed them only for these). */
const CARD_METHODS = ['credit_card', 'debit_card'];

const hidden = (
	name: string,
	defaultValue: string | number,
	show: Record<string, string[]>,
): INodeProperties => ({
	displayName: `Saved ${name}`,
	name,
	type: 'hidden',
	default: defaultValue,
	displayOptions: { show: { ...SAVED_BEFORE_MOVE, ...show } },
});

/**
 * The old top-level card fields, with the old defaults and display conditions (a saved workflow stores only values
 * that differ from the default, so `cardInput` "details" and `installments` 1 are absent when chosen).
 */
export const SAVED_CARD_PROPERTIES: INodeProperties[] = [
	hidden('cardInput', 'details', { paymentMethod: CARD_METHODS }),
	...['cardNumber', 'holderName', 'expirationMonth', 'expirationYear', 'cvv'].map((name) =>
		hidden(name, '', { paymentMethod: CARD_METHODS, cardInput: ['details'] }),
	),
	hidden('cardToken', '', { paymentMethod: CARD_METHODS, cardInput: ['token'] }),
	hidden('installments', 1, { paymentMethod: CARD_METHODS }),
];

/** The old Additional Fields → Statement Descriptor, listed under Add Field of nodes saved before the move only. */
export const SAVED_STATEMENT_DESCRIPTOR: INodeProperties = {
	displayName: 'Statement Descriptor (Old Field)',
	name: 'statement_descriptor',
	type: 'string',
	default: '',
	description:
		'Kept for workflows saved before Payment Details; use Payment Details → Statement Descriptor, which wins when both are set',
	displayOptions: { show: { ...SAVED_BEFORE_MOVE, '/paymentMethod': CARD_METHODS } },
};

/** Whether a raw (saved, unresolved) value was given: an expression counts, resolved later. */
function given(value: unknown): boolean {
	return value !== undefined && value !== null && String(value).trim() !== '';
}

/**
 * The old card fields of item `i`, keyed by the new parameter they stand for; empty for a node saved from 1.2 on, or
 * without an old card (a node carries only the hidden defaults then). The old node read them only for card methods,
 * and only the fields of the chosen Card Input.
 */
export function savedCardFallbacks(this: IExecuteFunctions, i: number): Record<string, unknown> {
	const node = this.getNode();
	const raw = node.parameters;
	const read = (name: string, fallback: unknown = '') => this.getNodeParameter(name, i, fallback);
	const result: Record<string, unknown> = {};
	if (node.typeVersion >= MOVED_FIELDS_VERSION) return result;
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
