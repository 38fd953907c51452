import type { INodeProperties } from 'n8n-workflow';
import {
	additionalBodyFieldsOption,
	additionalQueryParametersOption,
} from '../fields/additionalFields';
import { batchingOption } from './batching';

/** The Options collection of an operation, holding `options`. */
const optionsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options,
});

/** What every read (GET) operation offers: extra query parameters and Batching. */
const READ_OPTIONS = [additionalQueryParametersOption, batchingOption];

/** Options of a read (GET) operation with no options of its own: extra query parameters and Batching. */
export const readOptions = optionsCollection(READ_OPTIONS);

/** Options of a read operation with options of its own (`own`), after the extra query parameters and Batching. */
export const readOptionsWith = (...own: INodeProperties[]): INodeProperties =>
	optionsCollection([...READ_OPTIONS, ...own]);

/** Options of a write operation (one that sends a JSON body): extra body fields. Never Batching. */
export const writeOptions = optionsCollection([additionalBodyFieldsOption]);
