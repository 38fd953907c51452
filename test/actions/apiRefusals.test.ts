/**
 * What the API refuses reaches the user as it said it: a NodeApiError with the API's message, its code and HTTP
 * status as the description, after exactly one request (a 404 or 422 is not retried, a write is never sent twice).
 * The case files (test/cases) pin the same operations' successes and the node's own refusals.
 */
import type { INodeParameters } from 'n8n-workflow';
import { byId, onlyRequest, runAction, SEED, useSandbox } from '../harness/actions';
import { createLink } from '../harness/parameters';

const S = SEED.submerchants;
const R = SEED.receivables;
const UNKNOWN = '3f1c2a9e-8b7d-4c6e-9a1b-2c3d4e5f6a7b';
const sandbox = useSandbox({}, { resetBeforeEach: true });

const submit = (id: string) => ({
	resource: 'submerchant',
	operation: 'submitForReview',
	submerchantId: byId(id),
});
const notFound = 'NOT_FOUND (HTTP 404)';
const invalid = 'VALIDATION_ERROR (HTTP 422)';

// prettier-ignore
it.each<[string, INodeParameters, string, string, string]>([
	["Submerchant → Get, another merchant's submerchant", { resource: 'submerchant', operation: 'get', submerchantId: byId(S.otherMerchants) }, 'Submerchant not found', notFound, `GET /v1/submerchants/${S.otherMerchants}`],
	['Submerchant → Submit for Review, a PF without mother_name', submit(S.pfMissingMotherName), 'Validation failed: mother_name is required for a pf submerchant', invalid, `POST /v1/submerchants/${S.pfMissingMotherName}/submit-for-review`],
	['Submerchant → Submit for Review, a PJ without a legal representative', submit(S.pjWithoutLegalRepresentative), 'Validation failed: legal_representative is required for a pj submerchant', invalid, `POST /v1/submerchants/${S.pjWithoutLegalRepresentative}/submit-for-review`],
	['Receivable → Get, an unknown receivable', { resource: 'receivable', operation: 'get', receivableId: UNKNOWN }, 'Receivable not found', notFound, `GET /v1/receivables/${UNKNOWN}`],
	['Webhook Endpoint → Delete, an endpoint that is gone', { resource: 'webhookEndpoint', operation: 'delete', webhookEndpointId: UNKNOWN }, 'Webhook endpoint not found', notFound, `DELETE /v1/postbacks/endpoints/${UNKNOWN}`],
	['Payment Link → Create for an unknown submerchant', createLink({ additionalFields: { submerchant_id: UNKNOWN } }), 'Submerchant not found', notFound, 'POST /v1/payment-links'],
	['Anticipation → Create, a receivable already anticipated', { resource: 'anticipation', operation: 'create', receivableIds: R.anticipated }, 'Validation failed: receivable_ids[0] must reference a pending receivable (it is anticipated)', invalid, 'POST /v1/anticipations'],
	['Withdrawal → Get Summary, an unknown submerchant', { resource: 'withdrawal', operation: 'getSummary', submerchantId: UNKNOWN }, 'Submerchant not found', notFound, 'GET /v1/withdrawals/summary'],
])('%s: the API error, asked once', async (_label, parameters, message, description, request) => {
	const { output, error } = await runAction(sandbox(), parameters);
	expect(output).toEqual([]);
	expect(error?.name).toBe('NodeApiError');
	expect(error?.message).toBe(message);
	expect(error?.description).toBe(description);
	const { method, path } = onlyRequest(sandbox());
	expect(`${method} ${path}`).toBe(request);
});

it('a submerchant the API refused to submit stays pending', async () => {
	await runAction(sandbox(), submit(S.pjWithoutLegalRepresentative));
	expect(sandbox().store.submerchants.get(S.pjWithoutLegalRepresentative)?.status).toBe('pending');
});
