'use strict';
/**
 * Errors the routes throw; the server turns them into the error envelope `{success: false, message, error}`.
 *
 * The reference shows neither HTTP statuses nor error codes. The sandbox answers (codes in api/names.js):
 * - 422 VALIDATION_ERROR: a well-formed request that breaks a documented rule. 422 rather than 400 so that a rule
 *   failure is told apart, by status alone, from a body that is not JSON at all (400 BAD_REQUEST). The body carries
 *   `details: [{field, rule, message}]` on write operations; read operations answer with the single documented shape
 *   (no `details`), because "read operations return one" error shape.
 * - 400 BAD_REQUEST: malformed JSON or multipart body.
 * - 401 UNAUTHORIZED: missing or wrong key pair.
 * - 404 NOT_FOUND: unknown route, or a well-formed id that matches nothing visible to the merchant.
 * - 405 BAD_REQUEST: known path, wrong method (with an `Allow` header).
 * - 409 CONFLICT: a state rule (submit for review outside `pending`, cancel an anticipation that is not pending).
 * - 413 BAD_REQUEST: JSON body over 1 MB, multipart body over 10 MB.
 * - 415 BAD_REQUEST: a body whose content type is neither JSON nor multipart.
 * - 500 INTERNAL_ERROR: anything unexpected; the sandbox never lets a request crash it.
 */
const { ERROR_CODES } = require('./api/names');

const HTTP_STATUS = {
	badRequest: 400,
	unauthorized: 401,
	notFound: 404,
	methodNotAllowed: 405,
	conflict: 409,
	payloadTooLarge: 413,
	unsupportedMediaType: 415,
	validation: 422,
	internal: 500,
};

class ApiError extends Error {
	status;
	code;
	details;
	headers;

	constructor(status, code, message, details, headers) {
		super(message);
		this.name = 'ApiError';
		this.status = status;
		this.code = code;
		this.details = details;
		this.headers = headers;
	}
}

class ValidationError extends ApiError {
	constructor(issues) {
		super(
			HTTP_STATUS.validation,
			ERROR_CODES.validation,
			`Validation failed: ${issues.map((issue) => issue.message).join('; ')}`,
			issues,
		);
		this.name = 'ValidationError';
	}
}

/** A single-issue validation error. */
function invalid(field, rule, message) {
	return new ValidationError([{ field, rule, message }]);
}

function notFound(what) {
	return new ApiError(HTTP_STATUS.notFound, ERROR_CODES.notFound, `${what} not found`);
}

function conflict(message) {
	return new ApiError(HTTP_STATUS.conflict, ERROR_CODES.conflict, message);
}

function badRequest(message, status = HTTP_STATUS.badRequest) {
	return new ApiError(status, ERROR_CODES.badRequest, message);
}

module.exports = {
	HTTP_STATUS,
	ApiError,
	ValidationError,
	invalid,
	notFound,
	conflict,
	badRequest,
};
