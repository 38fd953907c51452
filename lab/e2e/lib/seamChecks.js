'use strict';
/**
 * The trigger where a real installation touches it every week, in a running n8n: publishing a fix (and saving through
 * the public API) while the platform resends the failed events, for a sender that keeps resending to the URL with the
 * original signature and one that drops the retries of a deleted endpoint; an unpublish that removes the endpoint
 * after its delay; a captured delivery replayed with other unsigned headers; restarts against a platform that lists
 * endpoints its own way; runs that pause (n8n answers them 2xx) and executions that end without their data (the
 * trigger answers them 500); a When Received delivery n8n could not start; refusals in the log; any Content-Type.
 */
const { checkFixWhileResending, checkPublicationService } = require('./seams/fix');
const { checkReplays } = require('./seams/replays');
const { checkRestarts } = require('./seams/restarts');
const { checkUnpublishRemoval } = require('./seams/unpublish');
const { checkWaitsAndUnconfirmedAnswers } = require('./seams/waits');

/** Every seam, one module each under ./seams/. */
async function checkTriggerSeams(report, context) {
	await checkFixWhileResending(report, context);
	await checkUnpublishRemoval(report, context);
	await checkReplays(report, context);
	await checkWaitsAndUnconfirmedAnswers(report, context);
	await checkRestarts(report, context);
	await checkPublicationService(report, context);
}

module.exports = { checkTriggerSeams };
