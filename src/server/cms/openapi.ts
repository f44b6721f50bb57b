import { TIMELINE_TYPES } from '../live/types';
import { HOLD_PATHS } from './openapi-hold';
import { FIXTURES_PATHS } from './openapi-fixtures';
import { PLANS_PATHS } from './openapi-plans';
import { idempotencyKeyParam, RULE_CONFLICTS, RULES_PATHS } from './openapi-rules';
import { STREAM_PATHS } from './openapi-streams';
import { TOOLS_PATHS } from './openapi-tools';
import { LEASE_MS } from './scoring';
import { NEWS_ACTIONS, NEWS_STATES } from '~/lib/cms/news';
import { LOCALES } from '~/i18n/locales';

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
	'409': error(
		`\`stale_version\` (with the current \`version\`), \`lease_held\` (with the \`holder\`), \`on_hold\` (an entry is under review: its log id as \`eventId\`), or ${RULE_CONFLICTS}`,
	),
	'422': error('`idempotency_key_reused`: the Idempotency-Key was sent with another request'),
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

const userIdParam = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'string', format: 'uuid' },
	description: 'User id',
};
const peopleErrors = {
	'400': error('Invalid path or body: `fields` names the offending field'),
	'401': error('No valid console token or cookies'),
	'403': error('Not an admin (people.manage), a site token, or a cross-site cookie request'),
	'404': error('No such user'),
};
const changed = {
	description: '{ data: { userId, email } }; the audit row is written in the same transaction',
};

/** People (admins): find users, read plans and payments, grant, revoke, disable. */
const PEOPLE_PATHS = {
	'/api/cms/people': {
		get: {
			summary: 'Users whose e-mail contains `q` (case-insensitive), 20 a page, by e-mail',
			parameters: [
				{ name: 'q', in: 'query', schema: { type: 'string', maxLength: 320 } },
				{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 0 } },
			],
			responses: {
				'200': {
					description: '{ data: [{ id, email, name, plan, disabled, staff }], page, hasMore }',
				},
				'400': peopleErrors['400'],
				'401': peopleErrors['401'],
				'403': peopleErrors['403'],
			},
		},
	},
	'/api/cms/people/{id}': {
		get: {
			summary: 'A user with their current plan, plans and passes, payments and open sessions',
			parameters: [userIdParam],
			responses: { '200': { description: '{ data: PersonDetail }' }, ...peopleErrors },
		},
	},
	'/api/cms/people/{id}/complimentary': {
		post: {
			summary: 'Grant a complimentary plan until the end of a day (UTC); never billed',
			parameters: [userIdParam],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							required: ['planId', 'until'],
							properties: {
								planId: { type: 'string', description: 'A subscription or sport pass plan' },
								until: { type: 'string', format: 'date', description: 'Last day, within 5 years' },
							},
						},
					},
				},
			},
			responses: {
				'201': { description: '{ data: { userId, email, subscriptionId } }' },
				...peopleErrors,
			},
		},
	},
	'/api/cms/people/{id}/sessions': {
		delete: {
			summary: 'End every session (site and console) of the user',
			parameters: [userIdParam],
			responses: { '200': changed, ...peopleErrors },
		},
	},
	'/api/cms/people/{id}/disabled': {
		put: {
			summary: 'Disable (login refused, every session ends at once) or enable an account',
			parameters: [userIdParam],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							required: ['disabled'],
							properties: { disabled: { type: 'boolean' } },
						},
					},
				},
			},
			responses: {
				'200': changed,
				...peopleErrors,
				'409': error('An admin cannot disable their own account'),
			},
		},
	},
};

const newsIdParam = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'integer', minimum: 1 },
	description: 'Article id',
};
const version_ = {
	type: 'object',
	additionalProperties: false,
	required: ['title', 'summary', 'body'],
	properties: {
		title: { type: 'string', minLength: 1, maxLength: 200 },
		summary: { type: 'string', minLength: 1, maxLength: 300 },
		body: { type: 'string', minLength: 1, maxLength: 100000, description: 'Markdown' },
		imageAlt: { type: 'string', maxLength: 300 },
	},
};
const articleSchema = {
	type: 'object',
	additionalProperties: false,
	required: ['slug', 'translations'],
	properties: {
		slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$', maxLength: 80 },
		author: { type: 'string', maxLength: 100 },
		image: { type: ['string', 'null'], description: 'A `file` from POST /api/cms/news/images' },
		translations: {
			type: 'object',
			additionalProperties: false,
			required: ['en'],
			description: 'One version per locale; English required, the others optional',
			properties: Object.fromEntries(LOCALES.map((l) => [l, version_])),
		},
	},
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
				summary:
					'Staff login (admin, editor or scorer); 5 failed attempts per 15 minutes per client and per account',
				security: [],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								required: ['email', 'password'],
								properties: {
									email: { type: 'string' },
									password: { type: 'string' },
									code: {
										type: 'string',
										description:
											'The TOTP code (or a recovery code) of an account with two-step verification',
									},
								},
							},
						},
					},
				},
				responses: {
					'200': { description: 'data.token.access_token is the Bearer token' },
					'401': error(
						'invalid_credentials (the same for every cause); after a right password: code_required, invalid_code (wrong or replayed), or enrolment_required (CMS_REQUIRE_TOTP=1, enrol on the login page)',
					),
					'429': error(
						'rate_limited (failed password or code attempts from this client), or account_locked (failed attempts on this account: only the password together with a right `code` passes, and lifts the limit); Retry-After in seconds',
					),
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
				parameters: [idParam, idempotencyKeyParam],
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
				parameters: [idParam, idempotencyKeyParam],
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
									review: {
										type: 'boolean',
										description:
											'Record it under video review (goals, red cards, `var`): shown as such, the score unchanged, the match on hold until the review is confirmed or cancelled',
									},
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
				parameters: [idParam, eventIdParam, idempotencyKeyParam],
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
				parameters: [idParam, eventIdParam, idempotencyKeyParam],
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
		'/api/cms/matches/{id}/events/{eventId}/review': {
			post: {
				summary:
					'End a review: `confirm` (the entry counts, a goal changes the score) or `cancel` (it goes); releases the hold',
				parameters: [idParam, eventIdParam, idempotencyKeyParam],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								required: ['decision'],
								properties: { decision: { enum: ['confirm', 'cancel'] }, version, takeover },
							},
						},
					},
				},
				responses: scoringResponses,
			},
		},
		'/api/cms/matches/{id}/events/{eventId}/restore': {
			post: {
				summary:
					'Undo a deletion: the deleted entry recorded again (a goal back on the score) while the match is in play, once; audited match.event.restore',
				parameters: [idParam, eventIdParam, idempotencyKeyParam],
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
		...PEOPLE_PATHS,
		...STREAM_PATHS,
		'/api/cms/news': {
			get: {
				summary: 'Console news, newest change first (admin, editor)',
				parameters: [
					{
						name: 'state',
						in: 'query',
						required: false,
						schema: { type: 'string', enum: [...NEWS_STATES] },
						description:
							'Only articles in this state (a scheduled article past its time is published)',
					},
				],
				responses: {
					'200': { description: '{ data: Article[] }' },
					'400': error('Invalid `state`'),
					'401': scoringResponses['401'],
					'403': error('The role has no news.edit'),
				},
			},
			post: {
				summary: 'Create a draft article (audited)',
				requestBody: { required: true, content: { 'application/json': { schema: articleSchema } } },
				responses: {
					'201': { description: '{ data: Article } in state `draft`' },
					'400': error('Invalid body: `fields` names the field (English is required)'),
					'401': scoringResponses['401'],
					'403': error('The role has no news.edit, or a cross-site cookie request'),
					'409': error('slug_taken: another article or Markdown post has this address'),
				},
			},
		},
		'/api/cms/news/{id}': {
			get: {
				summary: 'One article with every language version',
				parameters: [newsIdParam],
				responses: {
					'200': { description: '{ data: Article }' },
					'400': error('Invalid id'),
					'401': scoringResponses['401'],
					'403': error('The role has no news.edit'),
					'404': error('No such article'),
				},
			},
			put: {
				summary: 'Replace an article’s content; its state stays (audited with before and after)',
				parameters: [newsIdParam],
				requestBody: { required: true, content: { 'application/json': { schema: articleSchema } } },
				responses: {
					'200': { description: '{ data: Article }' },
					'400': error('Invalid body or id'),
					'401': scoringResponses['401'],
					'403': error('The role has no news.edit, or a cross-site cookie request'),
					'404': error('No such article'),
					'409': error('slug_taken, or slug_locked (a public article keeps its address)'),
				},
			},
		},
		'/api/cms/news/{id}/state': {
			post: {
				summary:
					'Publish now, schedule (`publishAt`, a future instant) or unpublish; visible on /news, the RSS feeds and the sitemap at once (audited)',
				parameters: [newsIdParam],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								required: ['action'],
								properties: {
									action: { type: 'string', enum: [...NEWS_ACTIONS] },
									publishAt: { type: 'string', format: 'date-time' },
								},
							},
						},
					},
				},
				responses: {
					'200': { description: '{ data: Article } in its new state' },
					'400': error('Invalid body or id; `publishAt` not in the future'),
					'401': scoringResponses['401'],
					'403': error('The role has no news.edit, or a cross-site cookie request'),
					'404': error('No such article'),
					'409': error('invalid_transition (e.g. publishing a published article)'),
				},
			},
		},
		'/api/cms/news/preview': {
			post: {
				summary: 'The sanitised HTML a Markdown body renders to (raw HTML shown as text)',
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								additionalProperties: false,
								required: ['markdown'],
								properties: { markdown: { type: 'string', maxLength: 100000 } },
							},
						},
					},
				},
				responses: {
					'200': { description: '{ data: { html } }' },
					'400': error('Invalid body'),
					'401': scoringResponses['401'],
					'403': error('The role has no news.edit, or a cross-site cookie request'),
				},
			},
		},
		'/api/cms/news/images': {
			post: {
				summary:
					'Upload an image: the body is its bytes. PNG, JPEG or WebP by content (not name or header), re-encoded to WebP under a generated name (audited)',
				requestBody: {
					required: true,
					content: { 'application/octet-stream': { schema: { type: 'string', format: 'binary' } } },
				},
				responses: {
					'201': {
						description:
							'{ data: { file, src, width, height, bytes } }; `src` is /media/news/{file}',
					},
					'400': error('Empty body'),
					'401': scoringResponses['401'],
					'403': error('The role has no news.edit, or a cross-site cookie request'),
					'413': error('Larger than the upload limit'),
					'415': error('Not a readable PNG, JPEG or WebP image'),
				},
			},
		},
		...TOOLS_PATHS,
		...HOLD_PATHS,
		...FIXTURES_PATHS,
		...RULES_PATHS,
		...PLANS_PATHS,
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
