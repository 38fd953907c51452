'use strict';
/** The platform's response envelopes: success, and error (read operations carry no `details`). */
const { ApiError, HTTP_STATUS } = require('./errors');
const { ERROR_CODES } = require('./api/names');

function sendJson(reply, status, payload, headers = {}) {
	return reply
		.code(status)
		.headers(headers)
		.type('application/json; charset=utf-8')
		.send(JSON.stringify(payload));
}

function successEnvelope(result, withoutData = false) {
	const envelope = { success: true, message: result.message };
	if (result.data !== undefined && !withoutData) envelope.data = result.data;
	if (result.pagination !== undefined) envelope.pagination = result.pagination;
	return envelope;
}

/** Read operations answer with one error shape (no `details`); write operations may add `details`. */
function errorEnvelope(error, method) {
	const envelope = {
		success: false,
		message: error.message,
		error: error.code,
	};
	if (error.details && method !== 'GET') envelope.details = error.details;
	return envelope;
}

function internalError() {
	return new ApiError(HTTP_STATUS.internal, ERROR_CODES.internal, 'Unexpected sandbox error');
}

module.exports = { errorEnvelope, internalError, sendJson, successEnvelope };
