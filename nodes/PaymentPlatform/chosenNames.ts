import { PAYMENT_LINKS_PATH } from '../shared/chosenNames';

/** A payment link's path, on the chosen collection path (nodes/shared/chosenNames.ts). */
export const paymentLinkPath = (id: string): string =>
	`${PAYMENT_LINKS_PATH}/${encodeURIComponent(id)}`;

/** Once page 1 has told how many pages there are. */
export const PAGE_CONCURRENCY = 4;
