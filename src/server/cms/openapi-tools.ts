import { FORMATIONS } from '~/lib/cms/formations';
import { MAX_BENCH } from '~/lib/cms/lineup';

/**
 * The OpenAPI paths of line-ups, streams on matches and the audit log (issue 13), spread
 * into CMS_OPENAPI's paths: kept apart so the console's other parts can add theirs without
 * editing the same lines.
 */
const err = (description: string) => ({
	description,
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});
const common = {
	'401': err('No valid console token or cookies'),
	'403': err('The role may not do this (or a cross-site cookie request)'),
};
const idParam = {
	name: 'id',
	in: 'path',
	required: true,
	schema: { type: 'integer', minimum: 1 },
	description: 'Match id',
};
const player = {
	type: 'object',
	additionalProperties: false,
	required: ['name'],
	properties: {
		name: { type: 'string', minLength: 1, maxLength: 120 },
		shirtNumber: { type: ['integer', 'null'], minimum: 0, maximum: 99 },
		position: { type: ['string', 'null'], maxLength: 20, description: 'Bench players only' },
	},
};
const side = {
	type: 'object',
	additionalProperties: false,
	required: ['formation', 'starters'],
	properties: {
		formation: { type: 'string', enum: [...FORMATIONS] },
		starters: {
			type: 'array',
			minItems: 11,
			maxItems: 11,
			items: player,
			description:
				'In slot order: keeper, then each line from defence to attack, left to right; each gets its slot position (GK, CB, DM…)',
		},
		bench: { type: 'array', maxItems: MAX_BENCH, items: player },
	},
};
const streamResponse = { description: '{ data: { id, kind, title, matchId, matchLabel } }' };

export const TOOLS_PATHS = {
	'/api/cms/matches/{id}/lineup': {
		get: {
			summary: 'Both squads and the published line-ups (roles with lineup.publish)',
			parameters: [idParam],
			responses: {
				'200': { description: '{ data: { matchId, home, away } } with squad and current line-up' },
				...common,
				'404': err('No such match'),
			},
		},
		post: {
			summary:
				'Publish line-ups through the live write path (a `lineups` live change, audited in its transaction)',
			parameters: [idParam],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							additionalProperties: false,
							properties: { home: side, away: side },
							description: 'At least one side; a side left out keeps its published line-up',
						},
					},
				},
			},
			responses: {
				'201': { description: '{ data: { matchId, version, eventId, sides } }' },
				'400': err(
					'Invalid body: `fields` names each field by its dotted path (home.starters, away.bench.2.name)',
				),
				...common,
				'404': err('No such match'),
			},
		},
	},
	'/api/cms/matches/{id}/streams': {
		get: {
			summary: 'The streams on the match and the live streams and highlights that may be attached',
			parameters: [idParam],
			responses: { '200': { description: '{ data: { attached, available } }' }, ...common },
		},
		post: {
			summary: 'Attach a live stream or highlight to the match (audited)',
			parameters: [idParam],
			requestBody: {
				required: true,
				content: {
					'application/json': {
						schema: {
							type: 'object',
							additionalProperties: false,
							required: ['streamId'],
							properties: { streamId: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,62}$' } },
						},
					},
				},
			},
			responses: {
				'201': { ...streamResponse, description: `Attached. ${streamResponse.description}` },
				'200': { description: 'Already on this match: nothing changed' },
				'400': err('`streamId` invalid, or not a live stream or highlight'),
				...common,
				'404': err('No such match or stream'),
				'409': err('`attached_elsewhere`: the stream is on another match (`matchId`)'),
			},
		},
	},
	'/api/cms/matches/{id}/streams/{streamId}': {
		delete: {
			summary: 'Detach the stream from the match (audited)',
			parameters: [
				idParam,
				{ name: 'streamId', in: 'path', required: true, schema: { type: 'string' } },
			],
			responses: {
				'200': streamResponse,
				'400': err('Invalid `streamId`'),
				...common,
				'404': err('The stream is not on this match'),
			},
		},
	},
	'/api/cms/audit': {
		get: {
			summary: 'The audit log, newest first, 50 a page (admins: audit.read)',
			parameters: [
				{ name: 'actor', in: 'query', schema: { type: 'string' }, description: 'Actor e-mail' },
				{
					name: 'action',
					in: 'query',
					schema: { type: 'string' },
					description:
						'An action, or its start at a dot (`match.event` matches `match.event.goal`)',
				},
				{ name: 'target', in: 'query', schema: { type: 'string' }, description: 'e.g. `match:12`' },
				{
					name: 'before',
					in: 'query',
					schema: { type: 'integer', minimum: 1 },
					description: 'The `next` of the previous page',
				},
			],
			responses: {
				'200': { description: '{ data: [rows], next: id | null }' },
				'400': err('Invalid filter: `fields` names it'),
				...common,
			},
		},
	},
} as const;
