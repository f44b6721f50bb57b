/**
 * The OpenAPI 3.1 description of /api/v1, served at /api/v1/openapi.json. Kept by hand
 * beside the handlers (serialize.ts); tests/e2e/openapi.spec.ts validates every documented
 * GET answer of the running site against it, success and error alike, and refuses any
 * property the document does not name.
 */
import { PERSONAL_API_PATHS } from '~/lib/personal-api-doc';
import { MATCH_STATUSES } from '~/lib/football/match-status';
import { GAME_KINDS, GAME_STATUSES, PICKS } from '~/lib/games/rules';

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const int = { type: 'integer' };
const str = { type: 'string' };
const nullable = (type: string, extra: Record<string, unknown> = {}) => ({
	type: [type, 'null'],
	...extra,
});
const side = {
	type: ['object', 'null'],
	required: ['home', 'away'],
	properties: { home: int, away: int },
};
const error = (description: string) => ({
	description,
	content: { 'application/json': { schema: ref('Error') } },
});
const idPath = (description: string) => ({
	name: 'id',
	in: 'path',
	required: true,
	description,
	schema: str,
});
const ok = (schema: string, description = 'OK') => ({
	description,
	headers: { ETag: { schema: str }, 'Cache-Control': { schema: str } },
	content: { 'application/json': { schema: ref(schema) } },
});
const notModified = { description: 'Not modified (If-None-Match matched the ETag)' };

/** The fields of one match, shared by Match and MatchDetail (which adds the match centre's parts). */
const matchProperties = {
	id: int,
	kickoff: { type: 'string', format: 'date-time' },
	kickoffTimeKnown: { type: 'boolean', description: 'False when only the date is known' },
	status: { type: 'string', enum: [...MATCH_STATUSES] },
	minute: nullable('integer'),
	competition: ref('MatchCompetition'),
	season: { type: 'string', description: 'Season label, e.g. 2024-25 or 2026' },
	round: str,
	stage: { type: 'string', enum: ['regular', 'group', 'league_phase', 'playoff', 'knockout'] },
	group: nullable('string'),
	matchday: nullable('integer'),
	homeTeam: ref('TeamRef'),
	awayTeam: ref('TeamRef'),
	score: {
		type: 'object',
		required: ['ht', 'ft', 'et', 'pen'],
		properties: { ht: side, ft: side, et: side, pen: side },
		description: 'Half time, 90 minutes, after extra time, shoot-out; null when not reached',
	},
	winner: {
		type: ['string', 'null'],
		enum: ['home', 'away', 'draw', null],
		description: 'Null until the match is over (a replay included).',
	},
	version: { type: 'integer', description: 'Grows with every change of the match' },
	updatedAt: { type: 'string', format: 'date-time' },
	replay: {
		type: 'boolean',
		description:
			'A past match the replay feed plays back as if live: not live football. While true, score, events and winner are those of the replay so far, never the real result.',
	},
	isReplay: { type: 'boolean', description: 'The same as `replay` (kept for older clients)' },
};
const MATCH_REQUIRED = Object.keys(matchProperties);

export const OPENAPI = {
	openapi: '3.1.0',
	info: {
		title: 'Matchday football API',
		version: '1.0.0',
		description:
			'Read-only football data: competitions, standings, matches, teams, head-to-head. Times are ISO 8601 UTC instants. Every answer carries an ETag; send it back in If-None-Match to get 304. Errors answer {error, message}. Each client may make API_PER_CLIENT_PER_MINUTE requests a minute (600 unless the site sets another number), in bursts up to that number; beyond it every path answers 429 {error: "rate_limited", message} with Retry-After in seconds.',
	},
	servers: [{ url: '/api/v1' }],
	paths: {
		// Follows and Web Push, under /api (their own server): src/lib/personal-api-doc.ts.
		...PERSONAL_API_PATHS,
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
				responses: {
					200: ok('Competition'),
					304: notModified,
					400: error('Malformed id'),
					404: error('Unknown competition'),
				},
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
				responses: {
					200: ok('Standings'),
					304: notModified,
					400: error('Malformed id, season or date'),
					404: error('Unknown competition or season'),
				},
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
						schema: str,
						description: 'IANA time zone of the day; default UTC',
					},
					{ name: 'competition', in: 'query', schema: int },
					{
						name: 'status',
						in: 'query',
						schema: { type: 'string', enum: ['all', 'live', 'fixtures', 'results'] },
					},
				],
				responses: { 200: ok('DayMatches'), 304: notModified, 400: error('Malformed parameter') },
			},
		},
		'/matches/{id}': {
			get: {
				summary: 'One match: score, status, events, line-ups, head-to-head, table',
				parameters: [idPath('Match id')],
				responses: {
					200: ok('MatchDetail'),
					304: notModified,
					400: error('Malformed id'),
					404: error('Unknown match'),
				},
			},
		},
		'/matches/{id}/games': {
			get: {
				summary: "The match's live games (free to play, for points only) and their state",
				parameters: [idPath('Match id')],
				responses: {
					200: ok('MatchGames'),
					304: notModified,
					400: error('Malformed id'),
					404: error('Unknown match'),
				},
			},
		},
		'/games/{gameId}/picks': {
			// Outside /api/v1: a signed-in visitor's write, not part of the read-only data API.
			servers: [{ url: '/api' }],
			post: {
				summary: "Make or change a pick on a live game (Bearer token or the site's cookies)",
				security: [{ bearer: [] }, { cookie: [] }],
				parameters: [
					{ name: 'gameId', in: 'path', required: true, description: 'Game id', schema: str },
				],
				requestBody: {
					required: true,
					content: {
						'application/json': {
							schema: {
								type: 'object',
								required: ['pick'],
								properties: {
									pick: {
										type: 'string',
										enum: [...PICKS],
										description: "One of the game's options",
									},
								},
							},
						},
					},
				},
				responses: {
					201: {
						description: 'Pick recorded (or changed) with the points it puts at stake',
						content: { 'application/json': { schema: ref('PickAnswer') } },
					},
					200: {
						description: 'The same pick again: nothing changed, the original stake stands',
						content: { 'application/json': { schema: ref('PickAnswer') } },
					},
					400: {
						description: 'A pick that is not an option of this game (the field is named)',
						content: { 'application/json': { schema: ref('GameError') } },
					},
					401: {
						description: 'No session',
						content: { 'application/json': { schema: ref('GameError') } },
					},
					404: {
						description: 'Unknown game',
						content: { 'application/json': { schema: ref('GameError') } },
					},
					409: {
						description:
							'The game is suspended (after a goal, card or correction, or a stale feed), settled or closed',
						content: { 'application/json': { schema: ref('GameError') } },
					},
				},
			},
		},
		'/teams/{id}': {
			get: {
				summary: 'One team: form, position, results, fixtures, squad',
				parameters: [idPath('Team id')],
				responses: {
					200: ok('Team'),
					304: notModified,
					400: error('Malformed id'),
					404: error('Unknown team'),
				},
			},
		},
		'/h2h': {
			get: {
				summary: 'Every meeting of two teams',
				parameters: [
					{ name: 'team1', in: 'query', required: true, schema: int },
					{ name: 'team2', in: 'query', required: true, schema: int },
				],
				responses: {
					200: ok('HeadToHead'),
					304: notModified,
					400: error('Missing, malformed or equal team ids'),
					404: error('Unknown team'),
				},
			},
		},
	},
	components: {
		securitySchemes: {
			bearer: { type: 'http', scheme: 'bearer' },
			cookie: { type: 'apiKey', in: 'cookie', name: 'auth._token.local' },
		},
		schemas: {
			Error: {
				type: 'object',
				required: ['error', 'message'],
				properties: {
					error: { type: 'string', enum: ['bad_request', 'not_found', 'rate_limited'] },
					message: str,
				},
			},
			Game: {
				type: 'object',
				required: [
					'id',
					'matchId',
					'kind',
					'status',
					'options',
					'result',
					'voidReason',
					'suspension',
					'suspendedMs',
					'corrected',
					'replay',
					'run',
				],
				properties: {
					id: int,
					matchId: str,
					kind: { type: 'string', enum: [...GAME_KINDS] },
					status: { type: 'string', enum: [...GAME_STATUSES] },
					options: { type: 'array', items: { type: 'string', enum: [...PICKS] } },
					result: { type: ['string', 'null'], enum: [...PICKS, null], description: 'Once settled' },
					voidReason: nullable('string', {
						description: 'Why a void game returns picks without points (e.g. draw, postponed)',
					}),
					suspension: {
						type: ['string', 'null'],
						enum: ['incident', 'stale', 'regular_time_over', null],
					},
					suspendedMs: nullable('integer', { description: 'Until picks reopen after an incident' }),
					corrected: { type: 'boolean', description: 'Re-settled after a correction' },
					replay: { type: 'boolean', description: 'A replay game, with its own leaderboard' },
					run: { type: 'integer', description: "0 for the match itself; a replay's own number" },
				},
			},
			MatchGames: {
				type: 'object',
				required: ['matchId', 'replay', 'status', 'games'],
				properties: {
					matchId: int,
					replay: { type: 'boolean' },
					status: { type: 'string', enum: [...MATCH_STATUSES] },
					games: { type: 'array', items: ref('Game') },
				},
			},
			PickAnswer: {
				type: 'object',
				required: ['data'],
				properties: {
					data: {
						type: 'object',
						required: ['gameId', 'pick', 'pointsAtStake', 'pickedAt'],
						properties: {
							gameId: int,
							pick: { type: 'string', enum: [...PICKS] },
							pointsAtStake: {
								type: 'integer',
								description: 'Points a correct pick earns (never money)',
							},
							pickedAt: { type: 'string', format: 'date-time' },
						},
					},
				},
			},
			GameError: {
				type: 'object',
				required: ['error', 'message'],
				properties: {
					error: str,
					message: str,
					reason: str,
					fields: { type: 'array', items: str },
				},
			},
			CompetitionType: { type: 'string', enum: ['league', 'cup', 'tournament'] },
			CompetitionRef: {
				type: 'object',
				required: ['id', 'code', 'slug', 'name', 'type', 'areaName'],
				properties: {
					id: int,
					code: str,
					slug: str,
					name: str,
					type: ref('CompetitionType'),
					areaName: str,
				},
			},
			MatchCompetition: {
				type: 'object',
				required: ['id', 'slug', 'name'],
				properties: { id: int, slug: str, name: str },
			},
			CompetitionSummary: {
				type: 'object',
				description: 'A competition in the list: its seasons as labels, newest first',
				required: [
					'id',
					'code',
					'slug',
					'name',
					'type',
					'areaCode',
					'areaName',
					'currentSeason',
					'seasons',
				],
				properties: {
					id: int,
					code: str,
					slug: str,
					name: str,
					type: ref('CompetitionType'),
					areaCode: str,
					areaName: str,
					currentSeason: nullable('string'),
					seasons: { type: 'array', items: str },
				},
			},
			CompetitionList: {
				type: 'object',
				required: ['competitions'],
				properties: { competitions: { type: 'array', items: ref('CompetitionSummary') } },
			},
			Season: {
				type: 'object',
				required: ['id', 'label', 'name', 'startDate', 'endDate', 'matches', 'played'],
				properties: {
					id: int,
					label: str,
					name: str,
					startDate: nullable('string', { format: 'date' }),
					endDate: nullable('string', { format: 'date' }),
					matches: int,
					played: {
						type: 'integer',
						description: 'Matches with a result (a past match being replayed included)',
					},
				},
			},
			Competition: {
				type: 'object',
				description: 'One competition with its seasons, newest first',
				required: [
					'id',
					'code',
					'slug',
					'name',
					'type',
					'areaCode',
					'areaName',
					'timeZone',
					'seasons',
				],
				properties: {
					id: int,
					code: str,
					slug: str,
					name: str,
					type: ref('CompetitionType'),
					areaCode: str,
					areaName: str,
					timeZone: str,
					seasons: { type: 'array', items: ref('Season') },
				},
			},
			TeamRef: {
				type: 'object',
				required: ['id', 'name', 'slug'],
				properties: { id: int, name: str, slug: str, shortName: str, tla: nullable('string') },
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
					'positionChange',
					'group',
				],
				properties: {
					position: int,
					team: ref('TeamRef'),
					played: int,
					won: int,
					drawn: int,
					lost: int,
					goalsFor: int,
					goalsAgainst: int,
					goalDifference: int,
					points: int,
					form: { type: 'string', description: 'Last five results, oldest first, e.g. WWDLW' },
					positionChange: nullable('integer'),
					group: nullable('string'),
				},
			},
			Standings: {
				type: 'object',
				required: ['competition', 'season', 'seasons', 'tieBreak', 'asOf', 'rows', 'groups'],
				properties: {
					competition: ref('CompetitionRef'),
					season: str,
					seasons: { type: 'array', items: str },
					tieBreak: { type: 'string', enum: ['overall', 'h2h', 'uefa-league-phase'] },
					asOf: nullable('string', { format: 'date-time' }),
					rows: { type: 'array', items: ref('StandingRow') },
					groups: {
						type: 'array',
						items: {
							type: 'object',
							required: ['group', 'rows'],
							properties: {
								group: nullable('string'),
								rows: { type: 'array', items: ref('StandingRow') },
							},
						},
					},
				},
			},
			Match: { type: 'object', required: MATCH_REQUIRED, properties: matchProperties },
			DayMatches: {
				type: 'object',
				required: ['date', 'timeZone', 'from', 'to', 'total', 'live', 'competitions'],
				properties: {
					date: nullable('string', {
						format: 'date',
						description: 'The day; null for status=live without a date (live now, any day)',
					}),
					timeZone: str,
					from: nullable('string', {
						format: 'date-time',
						description: 'Start of the day; null when date is null',
					}),
					to: nullable('string', {
						format: 'date-time',
						description: 'End of the day; null when date is null',
					}),
					total: int,
					live: int,
					competitions: {
						type: 'array',
						items: {
							type: 'object',
							required: ['competition', 'matches'],
							properties: {
								competition: ref('MatchCompetition'),
								matches: { type: 'array', items: ref('Match') },
							},
						},
					},
				},
			},
			MatchEvent: {
				type: 'object',
				required: [
					'type',
					'minute',
					'stoppage',
					'side',
					'teamId',
					'player',
					'penalty',
					'ownGoal',
					'card',
					'playerIn',
					'playerOut',
					'underReview',
				],
				description:
					'The events as the public may see them now: for a match in play or a replay, those of the live timeline so far; for a match over, the recorded ones.',
				properties: {
					type: { type: 'string', enum: ['goal', 'card', 'substitution'] },
					minute: nullable('integer'),
					stoppage: nullable('integer'),
					side: { type: ['string', 'null'], enum: ['home', 'away', null] },
					teamId: nullable('integer'),
					player: nullable('string'),
					penalty: { type: 'boolean' },
					ownGoal: { type: 'boolean' },
					card: { type: ['string', 'null'], enum: ['yellow', 'red', 'second_yellow', null] },
					playerIn: nullable('string'),
					playerOut: nullable('string'),
					underReview: {
						type: 'boolean',
						description: 'Under video review: shown, but not counted until confirmed',
					},
				},
			},
			LineupEntry: {
				type: 'object',
				required: ['teamId', 'player', 'shirtNumber', 'position', 'starter'],
				properties: {
					teamId: int,
					player: str,
					shirtNumber: nullable('integer'),
					position: nullable('string'),
					starter: { type: 'boolean' },
				},
			},
			MatchDetail: {
				type: 'object',
				required: [...MATCH_REQUIRED, 'venue', 'events', 'lineups', 'headToHead', 'table'],
				properties: {
					...matchProperties,
					venue: {
						type: ['object', 'null'],
						required: ['name', 'city'],
						properties: { name: str, city: nullable('string') },
					},
					events: { type: 'array', items: ref('MatchEvent') },
					lineups: { type: 'array', items: ref('LineupEntry') },
					headToHead: ref('HeadToHead'),
					table: {
						type: ['object', 'null'],
						description: 'Rows of the match table around both teams; null for knockout matches',
						required: ['group', 'rows'],
						properties: {
							group: nullable('string'),
							rows: { type: 'array', items: ref('StandingRow') },
						},
					},
				},
			},
			SquadPlayer: {
				type: 'object',
				required: ['name', 'shirtNumber', 'position', 'dateOfBirth', 'club'],
				properties: {
					name: str,
					shirtNumber: nullable('integer'),
					position: nullable('string'),
					dateOfBirth: nullable('string', { format: 'date' }),
					club: nullable('string'),
				},
			},
			Team: {
				type: 'object',
				required: [
					'id',
					'name',
					'shortName',
					'slug',
					'tla',
					'isNational',
					'countryCode',
					'colours',
					'form',
					'standing',
					'results',
					'fixtures',
					'squad',
				],
				properties: {
					id: int,
					name: str,
					shortName: str,
					slug: str,
					tla: nullable('string'),
					isNational: { type: 'boolean' },
					countryCode: nullable('string'),
					colours: {
						type: 'object',
						required: ['primary', 'secondary'],
						properties: { primary: str, secondary: str },
					},
					form: {
						type: 'string',
						description: 'Last five results across competitions, oldest first',
					},
					standing: {
						type: ['object', 'null'],
						description: 'The team in its latest table',
						required: ['competition', 'season', 'group', 'teams', 'row'],
						properties: {
							competition: ref('CompetitionRef'),
							season: str,
							group: nullable('string'),
							teams: int,
							row: ref('StandingRow'),
						},
					},
					results: { type: 'array', items: ref('Match') },
					fixtures: { type: 'array', items: ref('Match') },
					squad: {
						type: ['object', 'null'],
						required: ['season', 'competition', 'players'],
						properties: {
							season: str,
							competition: str,
							players: { type: 'array', items: ref('SquadPlayer') },
						},
					},
				},
			},
			Meeting: {
				type: 'object',
				required: ['id', 'kickoff', 'competition', 'homeTeamId', 'awayTeamId', 'score', 'pen'],
				properties: {
					id: int,
					kickoff: { type: 'string', format: 'date-time' },
					competition: { type: 'string', description: 'Competition name' },
					homeTeamId: int,
					awayTeamId: int,
					score: {
						...side,
						type: 'object',
						description: 'After extra time when played, else after 90 minutes',
					},
					pen: side,
				},
			},
			HeadToHead: {
				type: 'object',
				required: [
					'team1',
					'team2',
					'played',
					'team1Wins',
					'draws',
					'team2Wins',
					'team1Goals',
					'team2Goals',
					'meetings',
				],
				properties: {
					team1: ref('TeamRef'),
					team2: ref('TeamRef'),
					played: int,
					team1Wins: int,
					draws: int,
					team2Wins: int,
					team1Goals: int,
					team2Goals: int,
					meetings: { type: 'array', items: ref('Meeting') },
				},
			},
		},
	},
} as const;
