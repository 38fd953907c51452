import { randomBytes } from 'crypto';

export interface MultipartFile {
	data: Buffer;
	fileName: string;
	mimeType: string;
}

/** Built by hand so the bytes sent do not depend on axios. */
export function buildMultipartBody(
	partName: string,
	file: MultipartFile,
): { body: Buffer; contentType: string } {
	const boundary = `----PaymentPlatformBoundary${randomBytes(12).toString('hex')}`;
	const safeName = file.fileName.replace(/["\r\n]/g, '_');
	const head =
		`--${boundary}\r\n` +
		`Content-Disposition: form-data; name="${partName}"; filename="${safeName}"\r\n` +
		`Content-Type: ${file.mimeType}\r\n\r\n`;
	const body = Buffer.concat([
		Buffer.from(head, 'utf8'),
		file.data,
		Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8'),
	]);
	return { body, contentType: `multipart/form-data; boundary=${boundary}` };
}
