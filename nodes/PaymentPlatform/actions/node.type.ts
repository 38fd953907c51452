import type { AllEntities } from 'n8n-workflow';

type NodeMap = {
	submerchant: 'getAll' | 'get' | 'update' | 'submitForReview';
	submerchantAddress: 'create' | 'update';
	submerchantDocument: 'create' | 'getAll';
	charge: 'create' | 'get' | 'getAll';
	paymentLink: 'get' | 'uploadCover';
	receivable: 'get';
	anticipation: 'create' | 'cancel';
	wallet: 'get' | 'getStatement';
	withdrawal: 'getSummary' | 'getFee';
	webhookEndpoint: 'create';
};

export type PaymentPlatformType = AllEntities<NodeMap>;
