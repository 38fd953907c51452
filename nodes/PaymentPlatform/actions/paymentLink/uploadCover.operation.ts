import type { IDataObject, IExecuteFunctions } from 'n8n-workflow';
import { apiRequest, getConnection } from '../../../shared/transport';
import { paymentLinkPath } from '../../chosenNames';
import { getTrimmedString, declareFields, readPathIds } from '../../fields/fields';
import type { PreparedWrite } from '../node.type';
import { operationDescription, paymentLinkLocator } from '../common.descriptions';

export const option = {
	name: 'Upload Cover',
	description:
		"Set the image shown on a payment link's checkout page; needs the payment link ID and an image in a binary field",
	action: 'Upload a payment link cover image',
};

const EXTENSION_BY_IMAGE_TYPE: Record<string, string> = {
	'image/gif': 'gif',
	'image/jpeg': 'jpg',
	'image/png': 'png',
	'image/svg+xml': 'svg',
	'image/webp': 'webp',
};

export const fields = declareFields([
	paymentLinkLocator(),
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

export const description = operationDescription('paymentLink', 'uploadCover', fields.properties);

/** The image is read when sent, not while every item is checked: a run of many covers holds one image at a time. */
export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const id = readPathIds.call(this, i, fields).payment_link_id;
	const binaryPropertyName = getTrimmedString.call(this, 'binaryPropertyName', i, 'data');
	const binary = this.helpers.assertBinaryData(i, binaryPropertyName);
	const mimeType = String(binary.mimeType ?? '')
		.split(';')[0]
		.trim()
		.toLowerCase();
	// The reference shows no format limits: the binary's own MIME type is sent.
	const extension = binary.fileExtension ?? EXTENSION_BY_IMAGE_TYPE[mimeType] ?? 'img';
	const fileName = binary.fileName?.trim() || `cover.${extension}`;
	await getConnection.call(this);
	const send = async () => {
		const data = await this.helpers.getBinaryDataBuffer(i, binaryPropertyName);
		const result = await apiRequest.call(this, 'POST', `${paymentLinkPath(id)}/upload-cover`, {
			file: { data, fileName, mimeType },
			itemIndex: i,
		});
		const output = result.data !== null && typeof result.data === 'object' ? result.data : {};
		return { id, ...(output as IDataObject) };
	};
	return { target: id, send };
}
