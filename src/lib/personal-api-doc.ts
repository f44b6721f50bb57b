/**
 * The OpenAPI paths of the follow and Web Push endpoints (docs/pwa.md), merged into the
 * site's document (src/server/football/api/openapi.ts). They live under /api, not /api/v1,
 * so each path names its own server. Personal answers are `no-store`.
 */
const api = [{ url: '/api' }];
const problem = (description: string) => ({
	description,
	content: {
		'application/json': {
			schema: {
				type: 'object',
				required: ['error'],
				properties: {
					error: { type: 'string' },
					message: { type: 'string' },
					fields: { type: 'array', items: { type: 'string' } },
				},
			},
		},
	},
});
const done = { description: 'Done' };
const jsonBody = (schema: Record<string, unknown>) => ({
	required: true,
	content: { 'application/json': { schema } },
});
const follow = {
	type: 'object',
	required: ['kind', 'id'],
	properties: {
		kind: { type: 'string', enum: ['team', 'competition', 'match'] },
		id: { type: 'integer', minimum: 1 },
	},
};
const followList = {
	type: 'object',
	required: ['follows'],
	properties: { follows: { type: 'array', maxItems: 100, items: follow } },
};
const alertKinds = { type: 'string', enum: ['kickoff', 'goal', 'red', 'ht', 'ft'] };
const owner = {
	type: 'object',
	required: ['endpoint', 'auth'],
	properties: {
		endpoint: { type: 'string', format: 'uri' },
		auth: { type: 'string', description: "The subscription's auth secret (base64url)" },
	},
};

export const PERSONAL_API_PATHS = {
	'/me/follows': {
		servers: api,
		get: {
			summary: "The signed-in visitor's follows, in their order, with names and paths",
			responses: { 200: done, 401: problem('Not signed in') },
		},
		put: {
			summary: 'Replaces the whole list (reorder, remove)',
			requestBody: jsonBody(followList),
			responses: { 200: done, 400: problem('Invalid body'), 401: problem('Not signed in') },
		},
		post: {
			summary: "Adds follows after the existing ones (a guest's list is merged at login)",
			requestBody: jsonBody(followList),
			responses: { 200: done, 400: problem('Invalid body'), 401: problem('Not signed in') },
		},
		delete: {
			summary: 'Removes one follow',
			parameters: [
				{ name: 'kind', in: 'query', required: true, schema: follow.properties.kind },
				{ name: 'id', in: 'query', required: true, schema: follow.properties.id },
			],
			responses: {
				200: done,
				400: problem('Invalid parameter'),
				401: problem('Not signed in'),
				404: problem('Not followed'),
			},
		},
	},
	'/follows/matches': {
		servers: api,
		get: {
			summary: 'Today’s and the next matches, and the latest results, of a list of follows',
			parameters: [
				{
					name: 'f',
					in: 'query',
					schema: { type: 'string', pattern: '^((team|competition|match):\\d+,?)*$' },
					description: 'e.g. team:7,competition:2,match:90 (at most 100)',
				},
			],
			responses: { 200: done, 400: problem('Invalid parameter "f"') },
		},
	},
	'/push/vapid-public-key': {
		servers: api,
		get: {
			summary: 'The VAPID public key for PushManager.subscribe, as { key }',
			responses: { 200: done, 404: problem('Alerts are not enabled on this site') },
		},
	},
	'/push/subscriptions': {
		servers: api,
		post: {
			summary: 'Opts a browser in to alerts (or changes what it is alerted about)',
			requestBody: jsonBody({
				type: 'object',
				required: ['subscription', 'locale', 'timeZone', 'targets'],
				properties: {
					subscription: {
						type: 'object',
						required: ['endpoint', 'keys'],
						properties: {
							endpoint: { type: 'string', format: 'uri' },
							keys: {
								type: 'object',
								required: ['p256dh', 'auth'],
								properties: { p256dh: { type: 'string' }, auth: { type: 'string' } },
							},
						},
					},
					locale: { type: 'string' },
					timeZone: { type: 'string', description: 'IANA time zone' },
					spoilerSafe: { type: 'boolean', description: 'No score or scorer in the text' },
					quiet: {
						type: ['object', 'null'],
						properties: {
							from: { type: 'string', pattern: '^\\d\\d:\\d\\d$' },
							to: { type: 'string', pattern: '^\\d\\d:\\d\\d$' },
						},
					},
					targets: {
						type: 'array',
						maxItems: 100,
						items: {
							type: 'object',
							required: ['kind', 'id', 'kinds'],
							properties: {
								kind: { type: 'string', enum: ['team', 'match'] },
								id: { type: 'integer', minimum: 1 },
								kinds: { type: 'array', items: alertKinds },
							},
						},
					},
				},
			}),
			responses: {
				200: done,
				400: problem('Invalid body (an endpoint of an unknown push service included)'),
				403: problem('Cross-site request'),
				409: problem('The endpoint is subscribed with other keys'),
			},
		},
		delete: {
			summary: 'Opts a browser out entirely',
			requestBody: jsonBody(owner),
			responses: { 200: done, 400: problem('Invalid body'), 404: problem('No such subscription') },
		},
	},
	'/push/stop': {
		servers: api,
		post: {
			summary: 'One click from a notification: stops that kind of alert for the browser',
			requestBody: jsonBody({
				...owner,
				required: ['endpoint', 'auth', 'kind'],
				properties: { ...owner.properties, kind: alertKinds },
			}),
			responses: { 200: done, 400: problem('Invalid body'), 404: problem('No such subscription') },
		},
	},
};
