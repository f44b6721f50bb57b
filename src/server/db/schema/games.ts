import { sql } from 'drizzle-orm';
import {
	bigint,
	bigserial,
	boolean,
	check,
	index,
	integer,
	pgTable,
	primaryKey,
	serial,
	text,
	timestamp,
	unique,
	uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { matches } from './football';
import { fkey } from './keys';

/**
 * Live games: free prediction games played for points (never money) during a match. See
 * docs/games.md. A match has one set of three games per `run`: run 0 is the match itself; a
 * replay of a past match opens a new run whose number is the log id of its kick-off event,
 * so every replay is its own set of games with its own leaderboard. `suspended` is not a
 * stored status: it follows from `suspended_until` and the feed's age at read time.
 */
const tz = (name: string) => timestamp(name, { withTimezone: true });

export const GAME_KINDS = ['odd_even', 'two_way', 'last_team_to_score'] as const;
export const STORED_GAME_STATUSES = ['open', 'settled', 'void'] as const;

export const games = pgTable(
	'games',
	{
		id: serial('id').primaryKey(),
		matchId: integer('match_id').notNull(),
		kind: text('kind').$type<(typeof GAME_KINDS)[number]>().notNull(),
		run: bigint('run', { mode: 'number' }).notNull().default(0),
		replay: boolean('replay').notNull().default(false),
		status: text('status').$type<(typeof STORED_GAME_STATUSES)[number]>().notNull().default('open'),
		result: text('result'),
		voidReason: text('void_reason'),
		suspendedUntil: tz('suspended_until'),
		/** Settlements so far (0: none); the last one is in game_settlements at this version. */
		settledVersion: integer('settled_version').notNull().default(0),
		/** True once a settlement has been replaced by a different one. */
		corrected: boolean('corrected').notNull().default(false),
		openedAt: tz('opened_at').notNull().defaultNow(),
		settledAt: tz('settled_at'),
	},
	(t) => [
		fkey(t.matchId, matches.id).onDelete('cascade'),
		unique('games_match_id_kind_run_key').on(t.matchId, t.kind, t.run),
		check('games_kind_check', sql`kind IN ('odd_even', 'two_way', 'last_team_to_score')`),
		check('games_status_check', sql`status IN ('open', 'settled', 'void')`),
		index('games_opened_at_idx').on(t.openedAt),
	],
);

/**
 * One pick per visitor per game (the unique key is what makes a double click, a retry or two
 * tabs count once). `points_at_stake` is fixed when the pick is made or changed. A pick's
 * points are not stored: they follow from its game's current settlement (`scoredPicks` in
 * src/server/games/games.ts), so settling or re-settling a game writes one row, however many
 * picks it has.
 */
export const gamePicks = pgTable(
	'game_picks',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		gameId: integer('game_id').notNull(),
		userId: uuid('user_id').notNull(),
		pick: text('pick').notNull(),
		pointsAtStake: integer('points_at_stake').notNull(),
		pickedAt: tz('picked_at').notNull(),
	},
	(t) => [
		fkey(t.gameId, games.id).onDelete('cascade'),
		fkey(t.userId, users.id).onDelete('cascade'),
		unique('game_picks_game_id_user_id_key').on(t.gameId, t.userId),
		index('game_picks_user_idx').on(t.userId),
		check('game_picks_pick_check', sql`pick IN ('odd', 'even', 'home', 'away', 'none')`),
	],
);

/**
 * Every settlement of a game, in order. The primary key (game, version) makes a second writer
 * of the same settlement fail instead of counting twice; a correction adds version + 1.
 */
export const gameSettlements = pgTable(
	'game_settlements',
	{
		gameId: integer('game_id').notNull(),
		version: integer('version').notNull(),
		/** `open` when a postponed match is restored and its voided games open again. */
		status: text('status').$type<'settled' | 'void' | 'open'>().notNull(),
		result: text('result'),
		voidReason: text('void_reason'),
		/** The live-log id of the change that caused it. */
		logId: bigint('log_id', { mode: 'number' }),
		createdAt: tz('created_at').notNull().defaultNow(),
	},
	(t) => [
		primaryKey({ name: 'game_settlements_pkey', columns: [t.gameId, t.version] }),
		fkey(t.gameId, games.id).onDelete('cascade'),
	],
);

/** Friends leagues: a private leaderboard joined by a short code. */
export const gameLeagues = pgTable(
	'game_leagues',
	{
		id: serial('id').primaryKey(),
		code: text('code').notNull().unique('game_leagues_code_key'),
		name: text('name').notNull(),
		ownerId: uuid('owner_id').notNull(),
		createdAt: tz('created_at').notNull().defaultNow(),
	},
	(t) => [fkey(t.ownerId, users.id).onDelete('cascade')],
);

export const gameLeagueMembers = pgTable(
	'game_league_members',
	{
		leagueId: integer('league_id').notNull(),
		userId: uuid('user_id').notNull(),
		joinedAt: tz('joined_at').notNull().defaultNow(),
	},
	(t) => [
		primaryKey({ name: 'game_league_members_pkey', columns: [t.leagueId, t.userId] }),
		fkey(t.leagueId, gameLeagues.id).onDelete('cascade'),
		fkey(t.userId, users.id).onDelete('cascade'),
		index('game_league_members_user_idx').on(t.userId),
	],
);
