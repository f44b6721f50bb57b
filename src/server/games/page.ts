import { sql } from 'drizzle-orm';
import type { Translate } from '~/i18n/server';
import type { Locale } from '~/i18n/locales';
import { localHref } from '~/lib/locale-resolution';
import type { GamesLabels } from '~/lib/games/labels';
import type { GameKind } from '~/lib/games/rules';
import type { PublicUser } from '../auth/users';
import { cached } from '../cache/data-cache';
import { matchTag } from '../cache/tags';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { ensureFootballData } from '../football/ensure';
import { readMatchStates } from '../live/matches';
import { ensureGames, PICK_OUTCOME, PICK_POINTS } from './games';
import { gamesLabels } from './labels';
import { type BoardRow, leaderboard, myLeagues } from './leaderboard';
import { isPlayable } from './settle-rules';

/** How long a match's "has games" answer is kept; any change to the match drops it sooner. */
const PRESENCE_MS = 15_000;

/**
 * Whether the match has games, opening them first when it is scheduled or played. Kept
 * like the match's own page data (a render used to read it twice): a status change is a
 * live change, which drops `match:<id>` in every process, so a match that becomes playable
 * opens its games on the next render.
 */
function matchHasGames(matchId: string): Promise<boolean> {
	return cached(`games:present:${matchId}`, PRESENCE_MS, [matchTag(matchId)], async () => {
		const db = await getDb();
		const [state] = await readMatchStates(db, [matchId]);
		if (!state) return false;
		if (isPlayable(state.status)) await ensureGames(db, state);
		const [has] = rowsOf<{ n: number }>(
			await db.execute(
				sql`SELECT count(*)::int AS n FROM games WHERE match_id = ${Number(matchId)}`,
			),
		);
		return Number(has?.n ?? 0) > 0;
	});
}

/** Props of the LiveGames island on a match centre, or null when the match has no games. */
export interface GamesPanel {
	matchId: string;
	labels: GamesLabels;
	loginHref: string;
	home: string;
	away: string;
}

/**
 * The games panel of a match page: shown while the match is scheduled or played (its games
 * open here if they have not yet), and afterwards while it has games to show results for.
 * The page is cached and the same for everyone: the island asks for the visitor's picks.
 */
export async function getGamesPanel(
	matchId: string,
	names: { home: string; away: string },
	ctx: { locale: Locale; t: Translate },
): Promise<GamesPanel | null> {
	if (!(await matchHasGames(matchId))) return null;
	const back = localHref(ctx.locale, `/match/${matchId}`);
	return {
		matchId,
		labels: gamesLabels(ctx.t),
		loginHref: `${localHref(ctx.locale, '/login')}?redirect=${encodeURIComponent(`${back}#games`)}`,
		home: names.home,
		away: names.away,
	};
}

export interface OpenMatchGames {
	matchId: string;
	href: string;
	home: string;
	away: string;
	status: string;
	replay: boolean;
	kickoff: string;
	games: Array<{ kind: GameKind; suspended: boolean }>;
}

export interface HistoryRow {
	href: string;
	match: string;
	home: string;
	away: string;
	kind: GameKind;
	pick: string;
	pointsAtStake: number;
	points: number | null;
	outcome: string | null;
}

export interface LiveGamesPageView {
	open: OpenMatchGames[];
	boards: { week: BoardRow[]; season: BoardRow[]; replayWeek: BoardRow[] };
	leagues: Array<{ id: number; name: string; code: string; board: BoardRow[] }>;
	history: HistoryRow[] | null;
	signedIn: boolean;
}

/**
 * /live-games: the open games of today's scheduled and live matches (real and replays),
 * the week's and season's leaderboards, the visitor's friends leagues and recent picks.
 */
export async function getLiveGamesPage(
	ctx: { locale: Locale; user: PublicUser | null },
	now = Date.now(),
): Promise<LiveGamesPageView> {
	const db = await getDb();
	await ensureFootballData(db);
	const from = new Date(now - 12 * 3_600_000).toISOString();
	const to = new Date(now + 24 * 3_600_000).toISOString();
	const ids = rowsOf<{ id: number }>(
		await db.execute(sql`SELECT id FROM matches WHERE status IN ('live', 'half_time')
			OR (status = 'scheduled' AND kickoff_at BETWEEN ${from}::timestamptz AND ${to}::timestamptz)
			ORDER BY kickoff_at, id LIMIT 40`),
	).map((r) => String(r.id));
	const states = await readMatchStates(db, ids);
	for (const s of states) await ensureGames(db, s);
	const open: OpenMatchGames[] = [];
	for (const s of states) {
		const rows = rowsOf<{ kind: GameKind; suspended_until: Date | string | null }>(
			await db.execute(sql`SELECT kind, suspended_until FROM games WHERE match_id = ${Number(s.matchId)}
				AND replay = ${s.isReplay} AND status = 'open'
				AND run = (SELECT max(run) FROM games WHERE match_id = ${Number(s.matchId)} AND replay = ${s.isReplay})
				ORDER BY id`),
		);
		if (rows.length === 0) continue;
		open.push({
			matchId: s.matchId,
			href: `${localHref(ctx.locale, `/match/${s.matchId}`)}#games`,
			home: s.home.name,
			away: s.away.name,
			status: s.status,
			replay: s.isReplay,
			kickoff: s.kickoffAt,
			games: rows.map((r) => ({
				kind: r.kind,
				suspended: r.suspended_until !== null && new Date(r.suspended_until).getTime() > now,
			})),
		});
	}
	const userId = ctx.user?.id ?? null;
	const base = { now, userId, limit: 10 };
	const boards = {
		week: await leaderboard(db, { ...base, scope: 'week', replay: false }),
		season: await leaderboard(db, { ...base, scope: 'season', replay: false }),
		replayWeek: await leaderboard(db, { ...base, scope: 'week', replay: true }),
	};
	const leagues = [];
	let history: HistoryRow[] | null = null;
	if (userId) {
		for (const l of await myLeagues(db, userId))
			leagues.push({
				...l,
				board: await leaderboard(db, { ...base, scope: 'league', leagueId: l.id, replay: false }),
			});
		history = await pickHistory(userId, ctx.locale);
	}
	return { open, boards, leagues, history, signedIn: userId !== null };
}

/** A visitor's picks, newest first, with what each earned (the account page, /live-games). */
export async function pickHistory(
	userId: string,
	locale: Locale,
	limit = 20,
): Promise<HistoryRow[]> {
	const db = await getDb();
	return rowsOf<{
		match_id: number;
		home: string;
		away: string;
		kind: GameKind;
		pick: string;
		points_at_stake: number;
		points: number | null;
		outcome: string | null;
	}>(
		await db.execute(sql`SELECT g.match_id, h.name AS home, a.name AS away, g.kind, p.pick,
			p.points_at_stake, ${PICK_POINTS} AS points, ${PICK_OUTCOME} AS outcome
			FROM game_picks p JOIN games g ON g.id = p.game_id JOIN matches m ON m.id = g.match_id
			JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
			WHERE p.user_id = ${userId} ORDER BY p.picked_at DESC LIMIT ${limit}`),
	).map((r) => ({
		href: `${localHref(locale, `/match/${r.match_id}`)}#games`,
		match: `${r.home} – ${r.away}`,
		home: r.home,
		away: r.away,
		kind: r.kind,
		pick: r.pick,
		pointsAtStake: Number(r.points_at_stake),
		points: r.points === null ? null : Number(r.points),
		outcome: r.outcome,
	}));
}
