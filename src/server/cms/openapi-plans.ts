import { MAX_AMOUNT, MAX_DEAL_PLANS, MAX_DEAL_USES, PAYMENT_METHODS } from '~/lib/cms/plans';
import { CURRENCIES } from '../payments/money';

/**
 * The OpenAPI paths of plans and deals (issue 13), spread into CMS_OPENAPI's paths: kept
 * apart so the console's other parts can add theirs without editing the same lines.
 */
const err = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const common = {
	'401': err('No valid console token or cookies'),
	'403': err('Not an admin (plans.edit), a site token, or a cross-site cookie request'),
};
const prices = {
	type: 'object',
	description: `Currency (${CURRENCIES.join(', ')}) → amount in minor units`,
	propertyNames: { enum: [...CURRENCIES] },
	additionalProperties: { type: 'integer', minimum: 0, maximum: MAX_AMOUNT },
};
const planId = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'string', pattern: '^[a-z0-9-]{1,60}$' },
};
const code = {
	name: 'code',
	in: 'path',
	required: true,
	schema: { type: 'string', pattern: '^[A-Z0-9_-]{1,40}$' },
	description: 'The deal code (ABCDE-FGHJK-LMNPQ-RSTUV)',
};
const plan = { description: '{ data: { id, kind, interval, listed, paymentMethods, prices } }' };
const deal = {
	description:
		'{ data: { code, planIds, percentOff, fixedPrices, expiresAt, maxUses, uses, createdAt, endedAt, state } }; state is active, expired, used_up or ended',
};

export const PLANS_PATHS = {
	'/api/cms/plans': {
		get: {
			summary: 'Every plan with its prices per currency and payment methods (admins)',
			responses: { '200': { description: '{ data: [Plan] }' }, ...common },
		},
	},
	'/api/cms/plans/{id}': {
		get: {
			summary: 'One plan',
			parameters: [planId],
			responses: { '200': plan, ...common, '404': err('No such plan') },
		},
		put: {
			summary:
				'Replace the price list (a currency left out is no longer sold) and payment methods; new checkouts only: open checkouts and existing subscriptions keep their price',
			parameters: [planId],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							required: ['prices', 'paymentMethods'],
							properties: {
								prices,
								paymentMethods: {
									type: 'array',
									uniqueItems: true,
									items: { type: 'string', enum: [...PAYMENT_METHODS] },
								},
							},
						},
					},
				},
			},
			responses: {
				'200': plan,
				'400': err('A field is invalid (named in `fields`)'),
				...common,
				'404': err('No such plan'),
			},
		},
	},
	'/api/cms/deals': {
		get: {
			summary: 'Every deal, newest first, with its state and uses (paid checkouts)',
			responses: { '200': { description: '{ data: [Deal] }' }, ...common },
		},
		post: {
			summary:
				'Create a hidden deal; the server draws a random code, also usable as /{locale}/pricing?deal=CODE',
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							required: ['planIds', 'kind', 'expiresAt'],
							properties: {
								planIds: {
									type: 'array',
									minItems: 1,
									maxItems: MAX_DEAL_PLANS,
									items: { type: 'string' },
								},
								kind: { type: 'string', enum: ['percent', 'fixed'] },
								percentOff: { type: 'integer', minimum: 0, maximum: 100 },
								fixedPrices: prices,
								expiresAt: { type: 'string', format: 'date-time', description: 'In the future' },
								maxUses: {
									type: ['integer', 'null'],
									minimum: 1,
									maximum: MAX_DEAL_USES,
									description: 'Paid uses allowed; null for no limit',
								},
								note: { type: 'string', maxLength: 200 },
							},
						},
					},
				},
			},
			responses: {
				'201': deal,
				'400': err('A field is invalid (named in `fields`)'),
				...common,
			},
		},
	},
	'/api/cms/deals/{code}': {
		get: {
			summary: 'One deal with its state and uses',
			parameters: [code],
			responses: { '200': deal, ...common, '404': err('No such deal') },
		},
	},
	'/api/cms/deals/{code}/end': {
		post: {
			summary: 'End a deal now: the code stops working at once (audited)',
			parameters: [code],
			responses: {
				'200': deal,
				...common,
				'404': err('No such deal'),
				'409': err('already_ended'),
			},
		},
	},
};
