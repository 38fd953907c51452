import type { INodeProperties } from 'n8n-workflow';
import {
	additionalBodyFieldsOption,
	additionalQueryParametersOption,
} from '../shared/additionalFields';
import { batchingOption } from './common.batching';

/** Options of a read (GET) operation with no options of its own: extra query parameters and Batching. */
export const readOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [additionalQueryParametersOption, batchingOption],
};

/** Options of a write operation (one that sends a JSON body): extra body fields. Never Batching. */
export const writeOptions: INodeProperties = {
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options: [additionalBodyFieldsOption],
};
