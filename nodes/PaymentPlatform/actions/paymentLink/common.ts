import { paymentLinkLocator } from '../common.descriptions';

/**
 * The payment link of Get and Upload Cover: From List or By ID. Workflows saved when it was a plain text field keep
 * working (n8n reads a plain string as the id).
 */
export const paymentLinkIdField = paymentLinkLocator();
