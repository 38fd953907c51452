/**
 * HTTP Basic authentication against the configured key pair: `Authorization: Basic base64(<public>:<secret>)`.
 * The comparison hashes both sides to equal-length digests and compares them in constant time.
 */
import { createHash, timingSafeEqual } from 'crypto';
import { ERROR_CODES } from '../nodes/PaymentPlatform/transport/chosenNames';
import { ApiError, HTTP_STATUS } from './errors';

const BASIC = /^Basic +([A-Za-z0-9+/]+={0,2})\s*$/i;

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

export function createAuthenticator(
	publicKey: string,
	secretKey: string,
): (header: string | undefined) => boolean {
	const expected = digest(`${publicKey}:${secretKey}`);
	return (header) => {
		const match = typeof header === 'string' ? BASIC.exec(header) : null;
		// Hash something even without credentials, so every path costs the same.
		const provided = digest(match ? Buffer.from(match[1], 'base64').toString('utf8') : '');
		return timingSafeEqual(provided, expected) && match !== null;
	};
}

export function unauthorized(): ApiError {
	return new ApiError(
		HTTP_STATUS.unauthorized,
		ERROR_CODES.unauthorized,
		'Authorization failed: send Authorization: Basic base64(<public_key>:<secret_key>) with a valid key pair',
		undefined,
		{ 'WWW-Authenticate': 'Basic realm="payment-platform-sandbox"' },
	);
}
