import { COMPETITION_TYPES, FIXTURE_ACTIONS, MATCH_STAGES } from '~/lib/cms/fixtures';
import { idempotencyKeyParam } from './openapi-rules';

/**
 * The OpenAPI paths of fixtures, teams and competitions (issue 13), spread into
 * CMS_OPENAPI's paths. Every call needs `fixtures.edit` (admins and editors).
 */
const err = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const common = {
	'400': err('Invalid body, path or query: `fields` names the offending field'),
	'401': err('No valid console token or cookies'),
	'403': err(
		'Not an admin or editor (fixtures.edit), a site token, or a cross-site cookie request',
	),
};
const idParam = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'integer', minimum: 1 },
	description: 'Match id',
};
const json = (schema: object) => ({ required: true, content: { 'application/json': { schema } } });
const ref = { type: 'integer', minimum: 1 };
const fixture = {
	type: 'object',
	additionalProperties: false,
	required: ['seasonId', 'homeTeamId', 'awayTeamId', 'round', 'kickoffDate', 'kickoffTime'],
	properties: {
		seasonId: { ...ref, description: 'The season (and so the competition) of the match' },
		homeTeamId: ref,
		awayTeamId: { ...ref, description: 'Must differ from homeTeamId (a team cannot play itself)' },
		round: { type: 'string', minLength: 1, maxLength: 80 },
		stage: { type: 'string', enum: [...MATCH_STAGES], default: 'regular' },
		matchday: { type: ['integer', 'null'], minimum: 1, maximum: 999 },
		venueId: { type: ['integer', 'null'], minimum: 1 },
		kickoffDate: { type: 'string', format: 'date', description: 'Local date in timeZone' },
		kickoffTime: {
			type: 'string',
			pattern: '^([01]\\d|2[0-3]):[0-5]\\d$',
			description: 'Local time in timeZone',
		},
		timeZone: {
			type: 'string',
			description:
				'IANA zone the kick-off is given in (checked with Intl); left out: the venue’s zone, else UTC. A wall time the zone skips (DST gap) is 400 naming kickoffTime; an ambiguous one is its first occurrence. Stored as a UTC instant.',
		},
	},
};
const saved = (description: string) => ({ description });

export const FIXTURES_PATHS = {
	'/api/cms/fixtures': {
		get: {
			summary: 'Fixtures by kick-off (UTC), 25 a page',
			parameters: [
				{ name: 'competition', in: 'query', schema: ref },
				{
					name: 'from',
					in: 'query',
					schema: { type: 'string', format: 'date' },
					description: 'UTC day, included',
				},
				{
					name: 'to',
					in: 'query',
					schema: { type: 'string', format: 'date' },
					description: 'UTC day, included',
				},
				{ name: 'page', in: 'query', schema: { type: 'integer', minimum: 0, default: 0 } },
			],
			responses: { '200': saved('{ data: Fixture[], page, hasMore }'), ...common },
		},
		post: {
			summary: 'Create a scheduled match (audited fixture.create); public pages show it at once',
			requestBody: json(fixture),
			responses: { '201': saved('{ data: { id } }'), ...common },
		},
	},
	'/api/cms/fixtures/{id}': {
		get: {
			summary: 'One fixture (kick-off as a UTC instant)',
			parameters: [idParam],
			responses: { '200': saved('{ data: Fixture }'), ...common, '404': err('No such match') },
		},
		put: {
			summary: 'Edit a scheduled or postponed match (audited fixture.update with before and after)',
			parameters: [idParam],
			requestBody: json(fixture),
			responses: {
				'200': saved('{ data: { id } }'),
				...common,
				'404': err('No such match'),
				'409': err('`not_editable`: the match has started or ended'),
			},
		},
	},
	'/api/cms/fixtures/{id}/state': {
		post: {
			summary:
				'Postpone, cancel or restore (a postponed match back to scheduled, its live games open again) through the live write path (one `status` live change; audited fixture.postpone / fixture.cancel / fixture.restore in its transaction)',
			parameters: [idParam, idempotencyKeyParam],
			requestBody: json({
				type: 'object',
				additionalProperties: false,
				required: ['action'],
				properties: { action: { type: 'string', enum: [...FIXTURE_ACTIONS] } },
			}),
			responses: {
				'201': saved('{ data: { id, status, version } }'),
				...common,
				'404': err('No such match'),
				'409': err(
					'`wrong_status`: postpone needs a scheduled match, cancel a scheduled or postponed one, restore a postponed one',
				),
			},
		},
	},
	'/api/cms/teams': {
		get: {
			summary: 'Every team (id, name)',
			responses: { '200': saved('{ data: { id, name }[] }'), ...common },
		},
		post: {
			summary: 'Create a team the shipped data lacks (audited team.create)',
			requestBody: json({
				type: 'object',
				additionalProperties: false,
				required: ['name'],
				properties: {
					name: { type: 'string', minLength: 1, maxLength: 80 },
					shortName: { type: 'string', maxLength: 40 },
					slug: {
						type: 'string',
						pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$',
						description: 'Default: made from the name',
					},
					tla: { type: 'string', pattern: '^[A-Za-z0-9]{3}$' },
					isNational: { type: 'boolean', default: false },
					colourPrimary: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
					colourSecondary: { type: 'string', pattern: '^#[0-9a-fA-F]{6}$' },
				},
			}),
			responses: {
				'201': saved('{ data: { id, slug } }'),
				...common,
				'409': err('`slug_taken`: another team uses the slug'),
			},
		},
	},
	'/api/cms/competitions': {
		get: {
			summary: 'Every season under its competition (a fixture’s seasonId)',
			responses: {
				'200': saved('{ data: { id, label, competition, competitionId }[] }'),
				...common,
			},
		},
		post: {
			summary: 'Create a competition with its first season (audited competition.create)',
			requestBody: json({
				type: 'object',
				additionalProperties: false,
				required: ['name', 'code', 'type', 'areaName', 'areaCode', 'timeZone', 'seasonLabel'],
				properties: {
					name: { type: 'string', minLength: 1, maxLength: 80 },
					code: { type: 'string', pattern: '^[A-Za-z0-9]{2,10}$' },
					slug: { type: 'string', pattern: '^[a-z0-9]+(?:-[a-z0-9]+)*$' },
					type: { type: 'string', enum: [...COMPETITION_TYPES] },
					areaName: { type: 'string', minLength: 1, maxLength: 80 },
					areaCode: { type: 'string', pattern: '^[A-Za-z0-9-]{2,10}$' },
					timeZone: { type: 'string', description: 'IANA zone' },
					seasonLabel: { type: 'string', pattern: '^\\d{4}(?:[-/]\\d{2,4})?$' },
				},
			}),
			responses: {
				'201': saved('{ data: { id, seasonId, slug } }'),
				...common,
				'409': err('`code_taken` or `slug_taken`'),
			},
		},
	},
};
