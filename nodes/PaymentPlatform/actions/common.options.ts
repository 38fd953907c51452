import type { INodeProperties } from 'n8n-workflow';
import {
	additionalBodyFieldsOption,
	additionalQueryParametersOption,
} from '../fields/additionalFields';
import { batchingOption } from './batching';

const optionsCollection = (options: INodeProperties[]): INodeProperties => ({
	displayName: 'Options',
	name: 'options',
	type: 'collection',
	placeholder: 'Add Option',
	default: {},
	options,
});

const READ_OPTIONS = [additionalQueryParametersOption, batchingOption];

export const readOptions = optionsCollection(READ_OPTIONS);

export const readOptionsWith = (...own: INodeProperties[]): INodeProperties =>
	optionsCollection([...READ_OPTIONS, ...own]);

/** Never Batching. */
export const writeOptions = optionsCollection([additionalBodyFieldsOption]);
