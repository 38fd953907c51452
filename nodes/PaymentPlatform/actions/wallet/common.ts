import { uuidPathId } from '../common.descriptions';

export const walletIdField = uuidPathId({
	displayName: 'Wallet ID',
	name: 'walletId',
	pathId: 'wallet_id',
	description: 'UUID of the wallet',
});
