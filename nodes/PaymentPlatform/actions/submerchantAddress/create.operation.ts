import type { IExecuteFunctions, INodeProperties } from 'n8n-workflow';
import { updateDisplayOptions } from 'n8n-workflow';
import { declareFields, readPathIds, requestBody } from '../../shared/fields';
import { additionalFields, submerchantLocator } from '../common.descriptions';
import { ADDRESS_OPTIONAL_FIELDS, ADDRESS_REQUIRED_FIELDS } from './fields';
import { writeOptions } from '../common.options';
import { prepareWrite } from '../common.requests';
import type { PreparedWrite } from '../node.type';
import { MOVED_FIELDS_VERSION, SAVED_BEFORE_MOVE } from '../versions';

/**
 * Address Type as saved before typeVersion 1.2, a top-level field (now in Additional Fields). Its old default
 * ("billing") was not stored in saved workflows and cannot be told from an unset value, so only an explicitly stored
 * type is read (the API's own default then applies, which is billing in the sandbox). Declared, hidden, for those
 * nodes only: n8n drops parameters a node does not declare before getNodeParameter sees them.
 */
const SAVED_ADDRESS_TYPE: INodeProperties = {
	displayName: 'Saved Address Type',
	name: 'addressType',
	type: 'hidden',
	default: '',
	displayOptions: { show: SAVED_BEFORE_MOVE },
};

/** POST /v1/submerchants/{id}/addresses: the required fields top-level, the others in Additional Fields. */
export const fields = declareFields([
	submerchantLocator({ description: 'The submerchant to add the address to' }),
	...ADDRESS_REQUIRED_FIELDS,
	additionalFields(ADDRESS_OPTIONAL_FIELDS),
	SAVED_ADDRESS_TYPE,
	writeOptions,
]);

const displayOptions = { show: { resource: ['submerchantAddress'], operation: ['create'] } };

export const description = updateDisplayOptions(displayOptions, fields.properties);

/** The saved top-level Address Type of item `i`, as a fallback of Additional Fields → Address Type. */
function savedAddressType(this: IExecuteFunctions, i: number): Record<string, unknown> {
	const node = this.getNode();
	const stored = node.parameters.addressType;
	const given = stored !== undefined && stored !== null && String(stored).trim() !== '';
	return node.typeVersion < MOVED_FIELDS_VERSION && given
		? { 'additionalFields.addressType': this.getNodeParameter('addressType', i, '') }
		: {};
}

export async function prepare(this: IExecuteFunctions, i: number): Promise<PreparedWrite> {
	const ids = readPathIds.call(this, i, fields);
	const fallbacks = savedAddressType.call(this, i);
	const body = requestBody.call(this, i, fields, fallbacks);
	const path = `/v1/submerchants/${ids.submerchant_id}/addresses`;
	return await prepareWrite.call(this, 'POST', path, { body, itemIndex: i });
}
