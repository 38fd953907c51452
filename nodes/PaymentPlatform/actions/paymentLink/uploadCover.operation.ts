import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { apiRequest } from '../../transport';
import { paymentLinkPath } from '../../api/chosenNames';
import { getTrimmedString } from '../../shared/parameters';
import { declareFields, readPathIds } from '../../shared/fields';
import { paymentLinkIdField } from './common';

const EXTENSION_BY_IMAGE_TYPE: Record<string, string> = {
	'image/gif': 'gif',
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/svg+xml': 'svg',
	'image/webp': 'webp',
};

export const fields = declareFields([
	paymentLinkIdField,
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		required: true,
		default: 'data',
		hint: 'The name of the input binary field containing the image to upload',
		description:
			'Name of the binary property of the input item that holds the cover image (for example PNG or JPEG)',
	},
]);

const displayOptions = { show: { resource: ['paymentLink'], operation: ['uploadCover'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

export async function execute(this: IExecuteFunctions, i: number): Promise<IDataObject> {
	const id = readPathIds.call(this, i, fields).payment_link_id;
	const binaryPropertyName = getTrimmedString.call(this, 'binaryPropertyName', i, 'data');
	const binary = this.helpers.assertBinaryData(i, binaryPropertyName);
	const mimeType = String(binary.mimeType ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	// The reference says "image file" and shows no format limits: the binary's own MIME type is sent as it is.
	const data = await this.helpers.getBinaryDataBuffer(i, binaryPropertyName);
	const extension = binary.fileExtension ?? EXTENSION_BY_IMAGE_TYPE[mimeType] ?? 'img';
	const fileName = binary.fileName?.trim() || `cover.${extension}`;

	const result = await apiRequest.call(this, 'POST', `${paymentLinkPath(id)}/upload-cover`, {
		file: { data, fileName, mimeType },
		itemIndex: i,
	});
	const output = result.data !== null && typeof result.data === 'object' ? result.data : {};
	return { id, ...(output as IDataObject) };
}
