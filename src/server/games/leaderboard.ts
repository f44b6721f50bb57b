import { randomInt } from 'node:crypto';
import { type SQL, sql } from 'drizzle-orm';
import { cached } from '../cache/data-cache';
import { LISTS_TAG, matchTag } from '../cache/tags';
import { rowsOf } from '../db/rows';
import type { Queryable } from '../live/log';
import { PICK_POINTS } from './games';

/**
 * Leaderboards of settled picks: per match (its current run), per week, per season, and per
 * friends league, of accounts with a confirmed e-mail address only. Real and replay games
 * never mix: replays have boards of their own. Rows carry display names only, never e-mail
 * addresses. Ties go to the visitor whose last counted pick was made earlier.
 */

export const BOARD_SCOPES = ['match', 'week', 'season', 'league'] as const;
export type BoardScope = (typeof BOARD_SCOPES)[number];

export interface BoardRow {
	rank: number;
	name: string;
	points: number;
	picks: number;
	/** True on the caller's own row. */
	me: boolean;
}

/** Monday 00:00 UTC of the week holding `now`. */
export function weekStart(now: number): Date {
	const d = new Date(now);
	const day = (d.getUTCDay() + 6) % 7;
	return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() - day));
}

/** 1 July 00:00 UTC starting the football season that holds `now`. */
export function seasonStart(now: number): Date {
	const d = new Date(now);
	const year = d.getUTCMonth() >= 6 ? d.getUTCFullYear() : d.getUTCFullYear() - 1;
	return new Date(Date.UTC(year, 6, 1));
}

/**
 * Seconds a board is kept: a board changes only when a game is settled, and that `game` event
 * invalidates the match's tag (and the lists) in every process; the time bounds the rest.
 * Summing a big match's picks costs seconds, so every visitor at full time shares one read.
 */
const BOARD_TTL_MS = 10_000;

export async function leaderboard(
	db: Queryable,
	opts: Parameters<typeof loadBoard>[1],
): Promise<BoardRow[]> {
	let at = (opts.scope === 'week' ? weekStart(opts.now) : seasonStart(opts.now)).getTime();
	if (opts.scope === 'match') {
		// The match's settlements so far: a new one is a new key at once, before any invalidation.
		const [v] = rowsOf<{ v: number }>(
			await db.execute(
				sql`SELECT coalesce(sum(settled_version), 0)::int AS v FROM games WHERE match_id = ${opts.matchId ?? 0}`,
			),
		);
		at = Number(v?.v ?? 0);
	}
	const key = `games:board:${opts.scope}:${opts.replay}:${opts.matchId ?? ''}:${opts.leagueId ?? ''}:${at}:${opts.limit ?? 20}`;
	const tags = opts.scope === 'match' ? [matchTag(opts.matchId ?? 0)] : [LISTS_TAG];
	const rows = await cached(key, BOARD_TTL_MS, tags, () => loadBoard(db, opts));
	return rows.map(({ userId, ...row }) => ({ ...row, me: opts.userId === userId }));
}

async function loadBoard(
	db: Queryable,
	opts: {
		scope: BoardScope;
		replay: boolean;
		now: number;
		matchId?: number;
		leagueId?: number;
		userId?: string | null;
		limit?: number;
	},
): Promise<Array<Omit<BoardRow, 'me'> & { userId: string }>> {
	const conds: SQL[] = [
		sql`g.status IN ('settled', 'void')`,
		sql`g.replay = ${opts.replay}`,
		// Only proved mailboxes count (issue 28/7): throwaway accounts covering every pick
		// combination cannot win a board, public or friends league.
		sql`u.email_confirmed_at IS NOT NULL`,
	];
	if (opts.scope === 'match') {
		const m = opts.matchId ?? 0;
		conds.push(sql`g.match_id = ${m}`);
		conds.push(
			sql`g.run = (SELECT max(run) FROM games WHERE match_id = ${m} AND replay = ${opts.replay})`,
		);
	} else if (opts.scope === 'week') {
		conds.push(sql`g.opened_at >= ${weekStart(opts.now).toISOString()}::timestamptz`);
	} else if (opts.scope === 'season') {
		conds.push(sql`g.opened_at >= ${seasonStart(opts.now).toISOString()}::timestamptz`);
	} else {
		conds.push(
			sql`p.user_id IN (SELECT user_id FROM game_league_members WHERE league_id = ${opts.leagueId ?? 0})`,
		);
	}
	const rows = rowsOf<{ user_id: string; name: string; points: number; picks: number }>(
		await db.execute(sql`SELECT u.id AS user_id, u.name, sum(${PICK_POINTS})::int AS points, count(*)::int AS picks
			FROM game_picks p JOIN games g ON g.id = p.game_id JOIN users u ON u.id = p.user_id
			WHERE ${sql.join(conds, sql` AND `)}
			GROUP BY u.id, u.name
			ORDER BY sum(${PICK_POINTS}) DESC, max(p.picked_at) ASC, u.id
			LIMIT ${opts.limit ?? 20}`),
	);
	return rows.map((r, i) => ({
		rank: i + 1,
		name: r.name,
		points: Number(r.points),
		picks: Number(r.picks),
		userId: r.user_id,
	}));
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/** An 8-character league code without look-alike characters (0/O, 1/I). */
export function newLeagueCode(): string {
	return Array.from({ length: 8 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
}

export const LEAGUE_CODE_PATTERN = /^[A-HJ-NP-Z2-9]{8}$/;

/** Creates a friends league owned (and joined) by the user; returns its id and code. */
export async function createLeague(
	db: { transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> },
	ownerId: string,
	name: string,
): Promise<{ id: number; code: string }> {
	return db.transaction(async (tx) => {
		for (;;) {
			const code = newLeagueCode();
			const [row] = rowsOf<{ id: number }>(
				await tx.execute(sql`INSERT INTO game_leagues (code, name, owner_id) VALUES (${code}, ${name}, ${ownerId})
					ON CONFLICT (code) DO NOTHING RETURNING id`),
			);
			if (!row) continue;
			await tx.execute(
				sql`INSERT INTO game_league_members (league_id, user_id) VALUES (${row.id}, ${ownerId})`,
			);
			return { id: Number(row.id), code };
		}
	});
}

/** Joins the league with this code (again: no change). Null for an unknown code. */
export async function joinLeague(
	db: Queryable,
	userId: string,
	code: string,
): Promise<{ id: number; name: string } | null> {
	const [league] = rowsOf<{ id: number; name: string }>(
		await db.execute(sql`SELECT id, name FROM game_leagues WHERE code = ${code}`),
	);
	if (!league) return null;
	await db.execute(sql`INSERT INTO game_league_members (league_id, user_id) VALUES (${league.id}, ${userId})
		ON CONFLICT DO NOTHING`);
	return { id: Number(league.id), name: league.name };
}

/** The leagues a user belongs to. */
export async function myLeagues(
	db: Queryable,
	userId: string,
): Promise<Array<{ id: number; name: string; code: string }>> {
	return rowsOf<{ id: number; name: string; code: string }>(
		await db.execute(sql`SELECT l.id, l.name, l.code FROM game_leagues l
			JOIN game_league_members m ON m.league_id = l.id WHERE m.user_id = ${userId} ORDER BY l.id`),
	).map((r) => ({ id: Number(r.id), name: r.name, code: r.code }));
}
