import { TIMELINE_TYPES } from '../live/types';
import { TOOLS_PATHS } from './openapi-tools';
import { LEASE_MS } from './scoring';

const error = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const version = {
	type: 'integer',
	description:
		'The match version this change is based on (from the last answer or GET). A different current version is 409 stale_version.',
};
const takeover = {
	type: 'boolean',
	description: 'Take the match over from another scorer holding its lease (audited).',
};

const scoringResponses = {
	'201': {
		description: 'Recorded; published to every open page. The new match version.',
		content: { 'application/json': { schema: { $ref: '#/components/schemas/Recorded' } } },
	},
	'400': error('Invalid body or path: `fields` names the offending field'),
	'401': error('No valid console token or cookies'),
	'403': error(
		'The token has no fitting scope (not staff, not a scorer of this match, a site token), or a cross-site cookie request',
	),
	'404': error('No such match (or event)'),
	'409': error('`stale_version` (with the current `version`) or `lease_held` (with the `holder`)'),
};

const idParam = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'integer', minimum: 1 },
	description: 'Match id',
};
const eventIdParam = {
	name: 'eventId',
	in: 'path',
	required: true,
	schema: { type: 'integer', minimum: 1 },
	description: 'Log id of the timeline entry (the `id` of a timeline item)',
};

/** `/api/cms/openapi.json`: every console endpoint (docs/cms.md describes the design). */
export const CMS_OPENAPI = {
	openapi: '3.1.0',
	info: {
		title: 'Matchday editors’ console API',
		version: '1',
		description: `Authorise with the Bearer token of POST /api/auth/cms/login (data.token.access_token), or the console cookies from a same-site page. Every change goes through the live write path (one transaction, then published) with an audit row in the same transaction. A scorer's lease lasts ${LEASE_MS / 1000} s after the last change or renewal.`,
	},
	servers: [{ url: '/' }],
	security: [{ bearer: [] }, { cookies: [] }],
	paths: {
		'/api/auth/cms/login': {
			post: {
				summary: 'Staff login (admin, editor or scorer); 5 attempts per 15 minutes',
				security: [],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								required: ['email', 'password'],
								properties: { email: { type: 'string' }, password: { type: 'string' } },
							},
						},
					},
				},
				responses: {
					'200': { description: 'data.token.access_token is the Bearer token' },
					'401': error('invalid_credentials (the same for every cause)'),
					'429': error('rate_limited'),
				},
			},
		},
		'/api/cms/matches/{id}': {
			get: {
				summary: 'The console view: live state, timeline with log ids, lease',
				parameters: [idParam],
				responses: {
					'200': { description: '{ data: { match, lease } }' },
					'401': scoringResponses['401'],
					'403': scoringResponses['403'],
					'404': scoringResponses['404'],
				},
			},
		},
		'/api/cms/matches/{id}/status': {
			post: {
				summary: 'Change the match status (kick-off, half time, second half, full time…)',
				parameters: [idParam],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								required: ['status'],
								properties: {
									status: {
										enum: [
											'scheduled',
											'live',
											'half_time',
											'finished',
											'finished_aet',
											'finished_pen',
											'postponed',
											'abandoned',
											'cancelled',
										],
									},
									minute: { type: 'integer', minimum: 0, maximum: 200 },
									version,
									takeover,
								},
							},
						},
					},
				},
				responses: scoringResponses,
			},
		},
		'/api/cms/matches/{id}/events': {
			post: {
				summary: 'Record a timeline event (goal, card, substitution, shoot-out kick…)',
				parameters: [idParam],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								required: ['type', 'minute'],
								properties: {
									type: { enum: [...TIMELINE_TYPES] },
									side: {
										enum: ['home', 'away'],
										description:
											'Required for goals, cards, substitutions, penalties. For goals (own goals too): the team the goal counts for.',
									},
									minute: { type: 'integer', minimum: 0, maximum: 200 },
									addedTime: { type: 'integer', minimum: 0, maximum: 60 },
									player: { type: 'string', maxLength: 120 },
									detail: { type: 'string', maxLength: 120 },
									scored: { type: 'boolean', description: 'For a shoot-out kick (`penalties`)' },
									version,
									takeover,
								},
							},
						},
					},
				},
				responses: scoringResponses,
			},
		},
		'/api/cms/matches/{id}/events/{eventId}': {
			patch: {
				summary: 'Correct an entry: a correction event replaces it on every page',
				parameters: [idParam, eventIdParam],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								properties: {
									minute: { type: 'integer', minimum: 0, maximum: 200 },
									addedTime: { type: ['integer', 'null'], minimum: 0, maximum: 60 },
									player: { type: ['string', 'null'], maxLength: 120 },
									detail: { type: ['string', 'null'], maxLength: 120 },
									side: { enum: ['home', 'away'] },
									version,
									takeover,
								},
							},
						},
					},
				},
				responses: scoringResponses,
			},
			delete: {
				summary:
					'Rule an entry out (a disallowed goal): a correction event; a goal is taken off the score',
				parameters: [idParam, eventIdParam],
				requestBody: {
					required: false,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								properties: { version, takeover },
							},
						},
					},
				},
				responses: scoringResponses,
			},
		},
		'/api/cms/matches/{id}/lease': {
			post: {
				summary:
					'Take or renew the scoring lease; `takeover: true` takes it from another scorer (audited)',
				parameters: [idParam],
				requestBody: {
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								properties: { takeover },
							},
						},
					},
				},
				responses: {
					'200': { description: '{ data: { holderId, holder, expiresAt } }' },
					'401': scoringResponses['401'],
					'403': scoringResponses['403'],
					'404': scoringResponses['404'],
					'409': error('lease_held'),
				},
			},
		},
		...TOOLS_PATHS,
	},
	components: {
		securitySchemes: {
			bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
			cookies: {
				type: 'apiKey',
				in: 'cookie',
				name: 'auth._token.cms',
				description: 'Console cookies; same-site requests only (Origin / Sec-Fetch-Site)',
			},
		},
		schemas: {
			Error: {
				type: 'object',
				required: ['error', 'message'],
				properties: {
					error: { type: 'string' },
					message: { type: 'string' },
					fields: { type: 'array', items: { type: 'string' } },
					version: { type: 'integer' },
					holder: { type: 'string' },
				},
			},
			Recorded: {
				type: 'object',
				properties: {
					data: {
						type: 'object',
						required: ['matchId', 'version', 'eventId', 'status'],
						properties: {
							matchId: { type: 'string' },
							version: { type: 'integer' },
							eventId: { type: 'integer', description: 'Log id (also the SSE id)' },
							status: { type: 'string' },
							minute: { type: ['integer', 'null'] },
							score: {
								type: ['object', 'null'],
								properties: { home: { type: 'integer' }, away: { type: 'integer' } },
							},
						},
					},
				},
			},
		},
	},
} as const;
