import {
	boolean,
	date,
	integer,
	pgTable,
	primaryKey,
	serial,
	text,
	timestamp,
	unique,
} from 'drizzle-orm/pg-core';

/**
 * Typed view of migration 0100_football (the SQL there is the source of truth).
 * See docs/football.md for the meaning of each table.
 */
export const competitions = pgTable('competitions', {
	id: serial('id').primaryKey(),
	code: text('code').notNull().unique(),
	slug: text('slug').notNull().unique(),
	name: text('name').notNull(),
	type: text('type').$type<'league' | 'cup' | 'tournament'>().notNull(),
	areaCode: text('area_code').notNull(),
	areaName: text('area_name').notNull(),
	timeZone: text('time_zone').notNull(),
	weight: integer('weight').notNull().default(50),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const seasons = pgTable(
	'seasons',
	{
		id: serial('id').primaryKey(),
		competitionId: integer('competition_id')
			.notNull()
			.references(() => competitions.id, { onDelete: 'cascade' }),
		label: text('label').notNull(),
		name: text('name').notNull(),
		startDate: date('start_date'),
		endDate: date('end_date'),
	},
	(t) => [unique().on(t.competitionId, t.label)],
);

export const teams = pgTable('teams', {
	id: serial('id').primaryKey(),
	key: text('key').notNull().unique(),
	slug: text('slug').notNull().unique(),
	name: text('name').notNull(),
	shortName: text('short_name').notNull(),
	tla: text('tla'),
	countryCode: text('country_code'),
	isNational: boolean('is_national').notNull().default(false),
	colourPrimary: text('colour_primary').notNull(),
	colourSecondary: text('colour_secondary').notNull(),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const teamAliases = pgTable('team_aliases', {
	alias: text('alias').primaryKey(),
	teamId: integer('team_id')
		.notNull()
		.references(() => teams.id, { onDelete: 'cascade' }),
});

/** A derby or classic rivalry; `teamAId < teamBId`. */
export const rivalries = pgTable(
	'rivalries',
	{
		teamAId: integer('team_a_id')
			.notNull()
			.references(() => teams.id, { onDelete: 'cascade' }),
		teamBId: integer('team_b_id')
			.notNull()
			.references(() => teams.id, { onDelete: 'cascade' }),
	},
	(t) => [primaryKey({ columns: [t.teamAId, t.teamBId] })],
);

export const venues = pgTable('venues', {
	id: serial('id').primaryKey(),
	key: text('key').notNull().unique(),
	name: text('name').notNull(),
	city: text('city'),
	countryCode: text('country_code'),
	timeZone: text('time_zone'),
	capacity: integer('capacity'),
});

// The status list is shared with the live feed and the browser (relative import: drizzle-kit
// loads this file without the project's `~/` alias).
import type { MatchStatus } from '../../../lib/football/match-status';

export type { MatchStatus };

export type MatchStage = 'regular' | 'group' | 'league_phase' | 'playoff' | 'knockout';

export const matches = pgTable(
	'matches',
	{
		id: serial('id').primaryKey(),
		seasonId: integer('season_id')
			.notNull()
			.references(() => seasons.id, { onDelete: 'cascade' }),
		sourceKey: text('source_key').notNull(),
		round: text('round').notNull(),
		stage: text('stage').$type<MatchStage>().notNull(),
		groupName: text('group_name'),
		matchday: integer('matchday'),
		matchNumber: integer('match_number'),
		homeTeamId: integer('home_team_id')
			.notNull()
			.references(() => teams.id),
		awayTeamId: integer('away_team_id')
			.notNull()
			.references(() => teams.id),
		venueId: integer('venue_id').references(() => venues.id),
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
	},
	(t) => [unique().on(t.seasonId, t.sourceKey)],
);

export const matchEvents = pgTable(
	'match_events',
	{
		id: serial('id').primaryKey(),
		matchId: integer('match_id')
			.notNull()
			.references(() => matches.id, { onDelete: 'cascade' }),
		seq: integer('seq').notNull(),
		type: text('type').$type<'goal' | 'card' | 'substitution'>().notNull(),
		teamId: integer('team_id').references(() => teams.id),
		playerName: text('player_name'),
		minute: integer('minute'),
		stoppage: integer('stoppage'),
		penalty: boolean('penalty').notNull().default(false),
		ownGoal: boolean('own_goal').notNull().default(false),
		card: text('card').$type<'yellow' | 'red' | 'second_yellow'>(),
		playerIn: text('player_in'),
		playerOut: text('player_out'),
	},
	(t) => [unique().on(t.matchId, t.seq)],
);

export const players = pgTable('players', {
	id: serial('id').primaryKey(),
	key: text('key').notNull().unique(),
	name: text('name').notNull(),
	dateOfBirth: date('date_of_birth'),
	position: text('position'),
	clubName: text('club_name'),
	clubCountry: text('club_country'),
});

export const squads = pgTable(
	'squads',
	{
		seasonId: integer('season_id')
			.notNull()
			.references(() => seasons.id, { onDelete: 'cascade' }),
		teamId: integer('team_id')
			.notNull()
			.references(() => teams.id, { onDelete: 'cascade' }),
		playerId: integer('player_id')
			.notNull()
			.references(() => players.id, { onDelete: 'cascade' }),
		shirtNumber: integer('shirt_number'),
		position: text('position'),
	},
	(t) => [primaryKey({ columns: [t.seasonId, t.teamId, t.playerId] })],
);

export const lineups = pgTable(
	'lineups',
	{
		matchId: integer('match_id')
			.notNull()
			.references(() => matches.id, { onDelete: 'cascade' }),
		teamId: integer('team_id')
			.notNull()
			.references(() => teams.id),
		playerName: text('player_name').notNull(),
		playerId: integer('player_id').references(() => players.id),
		shirtNumber: integer('shirt_number'),
		position: text('position'),
		starter: boolean('starter').notNull().default(true),
	},
	(t) => [primaryKey({ columns: [t.matchId, t.teamId, t.playerName] })],
);

export const pageViews = pgTable(
	'page_views',
	{
		matchId: integer('match_id')
			.notNull()
			.references(() => matches.id, { onDelete: 'cascade' }),
		day: date('day').notNull(),
		count: integer('count').notNull().default(0),
	},
	(t) => [primaryKey({ columns: [t.matchId, t.day] })],
);
