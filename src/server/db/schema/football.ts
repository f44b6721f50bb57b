import { sql } from 'drizzle-orm';
import {
	boolean,
	check,
	date,
	index,
	integer,
	jsonb,
	pgTable,
	primaryKey,
	serial,
	text,
	timestamp,
	unique,
} from 'drizzle-orm/pg-core';
// The status list is shared with the live feed and the browser (relative import: drizzle-kit
// loads this file without the project's `~/` alias).
import { MATCH_STATUSES, type MatchStatus } from '../../../lib/football/match-status';
import type { MatchClock } from '../../../lib/live/clock';
import { fkey } from './keys';

/**
 * The football data model: competitions, seasons, teams (+ name aliases), venues, matches,
 * match events, players, squads, line-ups and page views. See docs/football.md for the meaning
 * of each table. Natural keys (unique constraints) make the importer's upserts idempotent.
 * Constraint names are PostgreSQL's defaults (`_key`, `_pkey`, `_check`, `_fkey`), which
 * databases created by the hand-written migrations before drizzle-kit carry.
 */
export const competitions = pgTable(
	'competitions',
	{
		id: serial('id').primaryKey(),
		code: text('code').notNull().unique('competitions_code_key'),
		slug: text('slug').notNull().unique('competitions_slug_key'),
		name: text('name').notNull(),
		type: text('type').$type<'league' | 'cup' | 'tournament'>().notNull(),
		areaCode: text('area_code').notNull(),
		areaName: text('area_name').notNull(),
		timeZone: text('time_zone').notNull(),
		weight: integer('weight').notNull().default(50),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	() => [check('competitions_type_check', sql`type IN ('league', 'cup', 'tournament')`)],
);

export const seasons = pgTable(
	'seasons',
	{
		id: serial('id').primaryKey(),
		competitionId: integer('competition_id').notNull(),
		label: text('label').notNull(),
		name: text('name').notNull(),
		startDate: date('start_date'),
		endDate: date('end_date'),
	},
	(t) => [
		fkey(t.competitionId, competitions.id).onDelete('cascade'),
		unique('seasons_competition_id_label_key').on(t.competitionId, t.label),
	],
);

export const teams = pgTable('teams', {
	id: serial('id').primaryKey(),
	key: text('key').notNull().unique('teams_key_key'),
	slug: text('slug').notNull().unique('teams_slug_key'),
	name: text('name').notNull(),
	shortName: text('short_name').notNull(),
	tla: text('tla'),
	countryCode: text('country_code'),
	isNational: boolean('is_national').notNull().default(false),
	colourPrimary: text('colour_primary').notNull(),
	colourSecondary: text('colour_secondary').notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teamAliases = pgTable(
	'team_aliases',
	{
		alias: text('alias').primaryKey(),
		teamId: integer('team_id').notNull(),
	},
	(t) => [
		fkey(t.teamId, teams.id).onDelete('cascade'),
		index('team_aliases_team_idx').on(t.teamId),
	],
);

/** A derby or classic rivalry (hot-match ranking): one row per pair, lower id first. */
export const rivalries = pgTable(
	'rivalries',
	{
		teamAId: integer('team_a_id').notNull(),
		teamBId: integer('team_b_id').notNull(),
	},
	(t) => [
		primaryKey({ name: 'rivalries_pkey', columns: [t.teamAId, t.teamBId] }),
		fkey(t.teamAId, teams.id).onDelete('cascade'),
		fkey(t.teamBId, teams.id).onDelete('cascade'),
		check('rivalries_check', sql`team_a_id < team_b_id`),
	],
);

export const venues = pgTable('venues', {
	id: serial('id').primaryKey(),
	key: text('key').notNull().unique('venues_key_key'),
	name: text('name').notNull(),
	city: text('city'),
	countryCode: text('country_code'),
	timeZone: text('time_zone'),
	capacity: integer('capacity'),
});

export type { MatchStatus };

export type MatchStage = 'regular' | 'group' | 'league_phase' | 'playoff' | 'knockout';

export const matches = pgTable(
	'matches',
	{
		id: serial('id').primaryKey(),
		seasonId: integer('season_id').notNull(),
		sourceKey: text('source_key').notNull(),
		round: text('round').notNull(),
		stage: text('stage').$type<MatchStage>().notNull(),
		groupName: text('group_name'),
		matchday: integer('matchday'),
		matchNumber: integer('match_number'),
		homeTeamId: integer('home_team_id').notNull(),
		awayTeamId: integer('away_team_id').notNull(),
		venueId: integer('venue_id'),
		kickoffAt: timestamp('kickoff_at', { withTimezone: true }).notNull(),
		kickoffTimeKnown: boolean('kickoff_time_known').notNull().default(true),
		status: text('status').$type<MatchStatus>().notNull(),
		minute: integer('minute'),
		htHome: integer('ht_home'),
		htAway: integer('ht_away'),
		ftHome: integer('ft_home'),
		ftAway: integer('ft_away'),
		etHome: integer('et_home'),
		etAway: integer('et_away'),
		penHome: integer('pen_home'),
		penAway: integer('pen_away'),
		winner: text('winner').$type<'home' | 'away' | 'draw'>(),
		version: integer('version').notNull().default(1),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
		/**
		 * While the match is played: when its current period started and how fast its clock
		 * runs (lib/live/clock.ts). Every surface derives the minute from it; null otherwise.
		 */
		clock: jsonb('clock').$type<MatchClock>(),
	},
	(t) => [
		fkey(t.seasonId, seasons.id).onDelete('cascade'),
		fkey(t.homeTeamId, teams.id),
		fkey(t.awayTeamId, teams.id),
		fkey(t.venueId, venues.id),
		unique('matches_season_id_source_key_key').on(t.seasonId, t.sourceKey),
		check(
			'matches_stage_check',
			sql`stage IN ('regular', 'group', 'league_phase', 'playoff', 'knockout')`,
		),
		check(
			'matches_status_check',
			sql`status IN (${sql.raw(MATCH_STATUSES.map((s) => `'${s}'`).join(', '))})`,
		),
		check('matches_winner_check', sql`winner IN ('home', 'away', 'draw')`),
		index('matches_kickoff_idx').on(t.kickoffAt),
		index('matches_season_kickoff_idx').on(t.seasonId, t.kickoffAt),
		index('matches_home_kickoff_idx').on(t.homeTeamId, t.kickoffAt),
		index('matches_away_kickoff_idx').on(t.awayTeamId, t.kickoffAt),
		// Head-to-head: the meetings of one pair (match centre, h2h page) in one index probe per
		// orientation, instead of intersecting every home and away match of both teams.
		index('matches_pair_idx').on(t.homeTeamId, t.awayTeamId),
		// Partial: of thousands of matches only the few in play are indexed.
		index('matches_live_idx').on(t.status).where(sql`status IN ('live', 'half_time')`),
	],
);

export const matchEvents = pgTable(
	'match_events',
	{
		id: serial('id').primaryKey(),
		matchId: integer('match_id').notNull(),
		seq: integer('seq').notNull(),
		type: text('type').$type<'goal' | 'card' | 'substitution'>().notNull(),
		teamId: integer('team_id'),
		playerName: text('player_name'),
		minute: integer('minute'),
		stoppage: integer('stoppage'),
		penalty: boolean('penalty').notNull().default(false),
		ownGoal: boolean('own_goal').notNull().default(false),
		card: text('card').$type<'yellow' | 'red' | 'second_yellow'>(),
		playerIn: text('player_in'),
		playerOut: text('player_out'),
	},
	(t) => [
		fkey(t.matchId, matches.id).onDelete('cascade'),
		fkey(t.teamId, teams.id),
		unique('match_events_match_id_seq_key').on(t.matchId, t.seq),
		check('match_events_type_check', sql`type IN ('goal', 'card', 'substitution')`),
		check('match_events_card_check', sql`card IN ('yellow', 'red', 'second_yellow')`),
		// Partial: scorer lists read goals only.
		index('match_events_team_idx').on(t.teamId).where(sql`type = 'goal'`),
		// A season's top scorers: the goals of each of its matches, without the cards and
		// substitutions that make up most events.
		index('match_events_goal_match_idx').on(t.matchId).where(sql`type = 'goal'`),
	],
);

export const players = pgTable('players', {
	id: serial('id').primaryKey(),
	key: text('key').notNull().unique('players_key_key'),
	name: text('name').notNull(),
	dateOfBirth: date('date_of_birth'),
	position: text('position'),
	clubName: text('club_name'),
	clubCountry: text('club_country'),
});

export const squads = pgTable(
	'squads',
	{
		seasonId: integer('season_id').notNull(),
		teamId: integer('team_id').notNull(),
		playerId: integer('player_id').notNull(),
		shirtNumber: integer('shirt_number'),
		position: text('position'),
	},
	(t) => [
		primaryKey({ name: 'squads_pkey', columns: [t.seasonId, t.teamId, t.playerId] }),
		fkey(t.seasonId, seasons.id).onDelete('cascade'),
		fkey(t.teamId, teams.id).onDelete('cascade'),
		fkey(t.playerId, players.id).onDelete('cascade'),
		index('squads_team_idx').on(t.teamId),
	],
);

export const lineups = pgTable(
	'lineups',
	{
		matchId: integer('match_id').notNull(),
		teamId: integer('team_id').notNull(),
		playerName: text('player_name').notNull(),
		playerId: integer('player_id'),
		shirtNumber: integer('shirt_number'),
		position: text('position'),
		starter: boolean('starter').notNull().default(true),
	},
	(t) => [
		primaryKey({ name: 'lineups_pkey', columns: [t.matchId, t.teamId, t.playerName] }),
		fkey(t.matchId, matches.id).onDelete('cascade'),
		fkey(t.teamId, teams.id),
		fkey(t.playerId, players.id),
	],
);

export const pageViews = pgTable(
	'page_views',
	{
		matchId: integer('match_id').notNull(),
		day: date('day').notNull(),
		count: integer('count').notNull().default(0),
	},
	(t) => [
		primaryKey({ name: 'page_views_pkey', columns: [t.matchId, t.day] }),
		fkey(t.matchId, matches.id).onDelete('cascade'),
		index('page_views_day_idx').on(t.day),
	],
);
