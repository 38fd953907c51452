/** The action helpers, under the name the submerchant tests import them by. */
export {
	byId,
	expectRejectedBeforeSending,
	jsonOf,
	onlyRequest,
	repeat,
	twoItems,
} from '../payments.helpers';
