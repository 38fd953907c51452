'use strict';
/**
 * Errors the routes throw; the server turns them into the error envelope `{success: false, message, error}`. The
 * reference shows neither HTTP statuses nor error codes: the sandbox's statuses and codes (api/names.js) are in
 * sandbox/README.md, Errors. 422 rather than 400 for a broken rule, so that it is told apart by status alone from a
 * body that is not JSON at all.
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
