import * as anticipation from './anticipation';
import * as charge from './charge';
import * as paymentLink from './paymentLink';
import * as receivable from './receivable';
import * as submerchant from './submerchant';
import * as submerchantAddress from './submerchantAddress';
import * as submerchantDocument from './submerchantDocument';
import * as wallet from './wallet';
import * as webhookEndpoint from './webhookEndpoint';
import * as withdrawal from './withdrawal';

/** Every resource's module: its `description` and one export per operation (`execute`). */
export const operationsByResource = {
	submerchant,
	submerchantAddress,
	submerchantDocument,
	charge,
	paymentLink,
	receivable,
	anticipation,
	wallet,
	withdrawal,
	webhookEndpoint,
};
