import { MATCH_STATUSES } from '~/lib/football/match-status';

/**
 * The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json. Kept by hand
 * beside the handlers; the integration test checks every path here answers.
 */
const side = {
	type: ['object', 'null'],
	properties: { home: { type: 'integer' }, away: { type: 'integer' } },
};
const teamRef = {
	type: 'object',
	required: ['id', 'name', 'slug'],
	properties: {
		id: { type: 'integer' },
		name: { type: 'string' },
		slug: { type: 'string' },
		shortName: { type: 'string' },
		tla: { type: ['string', 'null'] },
	},
};
const error = {
	description: 'Error',
	content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
};
const idPath = (description: string) => ({
	name: 'id',
	in: 'path',
	required: true,
	description,
	schema: { type: 'string' },
});
const ok = (ref: string, description = 'OK') => ({
	description,
	headers: {
		ETag: { schema: { type: 'string' } },
		'Cache-Control': { schema: { type: 'string' } },
	},
	content: { 'application/json': { schema: { $ref: `#/components/schemas/${ref}` } } },
});
const notModified = { description: 'Not modified (If-None-Match matched the ETag)' };

export const OPENAPI = {
	openapi: '3.1.0',
	info: {
		title: 'Matchday football API',
		version: '1.0.0',
		description:
			'Read-only football data: competitions, standings, matches, teams, head-to-head. Times are ISO 8601 UTC instants. Every answer carries an ETag; send it back in If-None-Match to get 304.',
	},
	servers: [{ url: '/api/v1' }],
	paths: {
		'/competitions': {
			get: {
				summary: 'All competitions',
				responses: { 200: ok('CompetitionList'), 304: notModified },
			},
		},
		'/competitions/{id}': {
			get: {
				summary: 'One competition with its seasons',
				parameters: [idPath('Competition id or slug')],
				responses: { 200: ok('Competition'), 304: notModified, 400: error, 404: error },
			},
		},
		'/competitions/{id}/standings': {
			get: {
				summary: 'League table (or group tables) of a season, optionally on a date',
				parameters: [
					idPath('Competition id or slug'),
					{
						name: 'season',
						in: 'query',
						schema: { type: 'string', pattern: '^\\d{4}(-\\d{2})?$' },
						description: 'e.g. 2024-25 or 2026; default the latest',
					},
					{
						name: 'date',
						in: 'query',
						schema: { type: 'string', format: 'date' },
						description: 'Table after the matches of this UTC day',
					},
				],
				responses: { 200: ok('Standings'), 304: notModified, 400: error, 404: error },
			},
		},
		'/matches': {
			get: {
				summary: 'Matches of one day, grouped by competition, live first',
				parameters: [
					{
						name: 'date',
						in: 'query',
						schema: { type: 'string', format: 'date' },
						description:
							'Default today in tz; with status=live and no date, every match live now whatever its date',
					},
					{
						name: 'tz',
						in: 'query',
						schema: { type: 'string' },
						description: 'IANA time zone of the day; default UTC',
					},
					{ name: 'competition', in: 'query', schema: { type: 'integer' } },
					{
						name: 'status',
						in: 'query',
						schema: { type: 'string', enum: ['all', 'live', 'fixtures', 'results'] },
					},
				],
				responses: { 200: ok('DayMatches'), 304: notModified, 400: error },
			},
		},
		'/matches/{id}': {
			get: {
				summary: 'One match: score, status, events, head-to-head, table',
				parameters: [idPath('Match id')],
				responses: { 200: ok('MatchDetail'), 304: notModified, 400: error, 404: error },
			},
		},
		'/teams/{id}': {
			get: {
				summary: 'One team: form, position, results, fixtures, squad',
				parameters: [idPath('Team id')],
				responses: { 200: ok('Team'), 304: notModified, 400: error, 404: error },
			},
		},
		'/h2h': {
			get: {
				summary: 'Every meeting of two teams',
				parameters: [
					{ name: 'team1', in: 'query', required: true, schema: { type: 'integer' } },
					{ name: 'team2', in: 'query', required: true, schema: { type: 'integer' } },
				],
				responses: { 200: ok('HeadToHead'), 304: notModified, 400: error, 404: error },
			},
		},
	},
	components: {
		schemas: {
			Error: {
				type: 'object',
				required: ['error', 'message'],
				properties: {
					error: { type: 'string', examples: ['bad_request', 'not_found'] },
					message: { type: 'string' },
				},
			},
			Competition: {
				type: 'object',
				properties: {
					id: { type: 'integer' },
					code: { type: 'string' },
					slug: { type: 'string' },
					name: { type: 'string' },
					type: { type: 'string', enum: ['league', 'cup', 'tournament'] },
					areaCode: { type: 'string' },
					areaName: { type: 'string' },
					seasons: {
						type: 'array',
						items: {
							type: 'object',
							properties: {
								id: { type: 'integer' },
								label: { type: 'string' },
								name: { type: 'string' },
								startDate: { type: 'string' },
								endDate: { type: 'string' },
								matches: { type: 'integer' },
								played: { type: 'integer' },
							},
						},
					},
				},
			},
			CompetitionList: {
				type: 'object',
				properties: {
					competitions: { type: 'array', items: { $ref: '#/components/schemas/Competition' } },
				},
			},
			StandingRow: {
				type: 'object',
				required: [
					'position',
					'team',
					'played',
					'won',
					'drawn',
					'lost',
					'goalsFor',
					'goalsAgainst',
					'goalDifference',
					'points',
					'form',
				],
				properties: {
					position: { type: 'integer' },
					team: teamRef,
					played: { type: 'integer' },
					won: { type: 'integer' },
					drawn: { type: 'integer' },
					lost: { type: 'integer' },
					goalsFor: { type: 'integer' },
					goalsAgainst: { type: 'integer' },
					goalDifference: { type: 'integer' },
					points: { type: 'integer' },
					form: { type: 'string', description: 'Last five results, oldest first, e.g. WWDLW' },
					positionChange: { type: ['integer', 'null'] },
					group: { type: ['string', 'null'] },
				},
			},
			Standings: {
				type: 'object',
				properties: {
					competition: { type: 'object' },
					season: { type: 'string' },
					seasons: { type: 'array', items: { type: 'string' } },
					tieBreak: { type: 'string', enum: ['overall', 'h2h', 'uefa-league-phase'] },
					asOf: { type: ['string', 'null'] },
					rows: { type: 'array', items: { $ref: '#/components/schemas/StandingRow' } },
					groups: {
						type: 'array',
						items: {
							type: 'object',
							properties: {
								group: { type: ['string', 'null'] },
								rows: { type: 'array', items: { $ref: '#/components/schemas/StandingRow' } },
							},
						},
					},
				},
			},
			Match: {
				type: 'object',
				properties: {
					id: { type: 'integer' },
					kickoff: { type: 'string', format: 'date-time' },
					kickoffTimeKnown: { type: 'boolean' },
					status: {
						type: 'string',
						enum: [...MATCH_STATUSES],
					},
					minute: { type: ['integer', 'null'] },
					competition: { type: 'object' },
					season: { type: 'string' },
					round: { type: 'string' },
					stage: { type: 'string' },
					group: { type: ['string', 'null'] },
					matchday: { type: ['integer', 'null'] },
					homeTeam: teamRef,
					awayTeam: teamRef,
					score: { type: 'object', properties: { ht: side, ft: side, et: side, pen: side } },
					winner: { type: ['string', 'null'], enum: ['home', 'away', 'draw', null] },
					version: { type: 'integer' },
					updatedAt: { type: 'string', format: 'date-time' },
					isReplay: {
						type: 'boolean',
						description: 'A past match the replay feed plays back as if live',
					},
				},
			},
			DayMatches: {
				type: 'object',
				properties: {
					date: { type: 'string' },
					timeZone: { type: 'string' },
					from: { type: 'string' },
					to: { type: 'string' },
					total: { type: 'integer' },
					live: { type: 'integer' },
					competitions: {
						type: 'array',
						items: {
							type: 'object',
							properties: {
								competition: { type: 'object' },
								matches: { type: 'array', items: { $ref: '#/components/schemas/Match' } },
							},
						},
					},
				},
			},
			MatchDetail: {
				allOf: [
					{ $ref: '#/components/schemas/Match' },
					{
						type: 'object',
						properties: {
							events: {
								type: 'array',
								items: {
									type: 'object',
									properties: {
										type: { type: 'string' },
										minute: { type: ['integer', 'null'] },
										stoppage: { type: ['integer', 'null'] },
										side: { type: ['string', 'null'] },
										teamId: { type: ['integer', 'null'] },
										player: { type: ['string', 'null'] },
										penalty: { type: 'boolean' },
										ownGoal: { type: 'boolean' },
									},
								},
							},
							headToHead: { $ref: '#/components/schemas/HeadToHead' },
							table: { type: ['object', 'null'] },
						},
					},
				],
			},
			Team: {
				type: 'object',
				properties: {
					id: { type: 'integer' },
					name: { type: 'string' },
					slug: { type: 'string' },
					form: { type: 'string' },
					standing: { type: ['object', 'null'] },
					results: { type: 'array', items: { $ref: '#/components/schemas/Match' } },
					fixtures: { type: 'array', items: { $ref: '#/components/schemas/Match' } },
					squad: { type: ['object', 'null'] },
				},
			},
			HeadToHead: {
				type: 'object',
				properties: {
					team1: teamRef,
					team2: teamRef,
					played: { type: 'integer' },
					team1Wins: { type: 'integer' },
					draws: { type: 'integer' },
					team2Wins: { type: 'integer' },
					team1Goals: { type: 'integer' },
					team2Goals: { type: 'integer' },
					meetings: { type: 'array', items: { type: 'object' } },
				},
			},
		},
	},
} as const;
