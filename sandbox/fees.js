'use strict';
/**
 * Money rules the reference leaves open, fixed here for the sandbox (all amounts in cents, rounded half up):
 * - an anticipation's gross amount is the sum of the receivables' net amounts, and its fee is 2.5% of that;
 * - the withdrawal fee is the merchant's configured fee: fixed cents, or basis points of the asked amount.
 */

const ANTICIPATION_FEE_BASIS_POINTS = 250;

function anticipationTotals(receivables) {
	const gross = receivables.reduce((sum, r) => sum + r.net_amount, 0);
	const fee = Math.round((gross * ANTICIPATION_FEE_BASIS_POINTS) / 10_000);
	return { total_gross_amount: gross, total_fee_amount: fee, total_net_amount: gross - fee };
}

/** The fee for withdrawing `amount` cents (no amount: the fixed fee, or 0 for a percentage). */
function withdrawalFee(config, amount) {
	if (config.fee_type === 'fixed') return config.value;
	return Math.round(((amount ?? 0) * config.value) / 10_000);
}

module.exports = { anticipationTotals, withdrawalFee };
