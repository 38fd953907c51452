import type { INodeProperties } from 'n8n-workflow';

// Placeholder until this resource's operations land.
export const description: INodeProperties[] = [];
