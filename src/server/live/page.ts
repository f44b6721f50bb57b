import { sql } from 'drizzle-orm';
import { cached } from '../cache/data-cache';
import { LISTS_TAG } from '../cache/tags';
import { getDb } from '../db/client';
import { startLiveFeed } from './feed';
import { rowsOf } from '../db/rows';
import { buildSnapshot, type SnapshotMatch } from './snapshot';

/** First snapshot for the /live-matches page (the island takes over in the browser). */
export async function getLiveMatchesPage(): Promise<{ matches: SnapshotMatch[] }> {
	void startLiveFeed();
	// Shared by every page that lists what is live (home, /live-matches): kept for a few
	// seconds, and dropped at once by any live change (matchChangeTags includes LISTS_TAG).
	const matches = await cached(
		'live:snapshot',
		5_000,
		[LISTS_TAG],
		async () => (await buildSnapshot(await getDb(), null)).matches,
	);
	return { matches };
}

/**
 * Props `initial` of LiveMatchCentre for the match page: the match's live state with its
 * timeline, or null for an unknown id.
 */
export async function getLiveMatchCentre(matchId: string | number): Promise<SnapshotMatch | null> {
	const id = String(matchId);
	if (!/^\d{1,9}$/.test(id)) return null;
	void startLiveFeed();
	const { matches } = await buildSnapshot(await getDb(), [id]);
	return matches[0] ?? null;
}

/** A match of a league table that the table of finished matches does not count yet. */
export interface LiveTableFixture {
	matchId: string;
	homeTeamId: number;
	awayTeamId: number;
	group: string | null;
}

/**
 * Props `fixtures` and `initial` of LiveLeagueTable for the league page: the season's
 * table-stage matches in play now or kicking off within `aheadHours`, with their live
 * state. `group` lets a page with one table per group pass each table its own fixtures.
 */
export async function getLiveLeagueTable(
	seasonId: number,
	aheadHours = 12,
	now = new Date(),
): Promise<{ fixtures: LiveTableFixture[]; initial: SnapshotMatch[] }> {
	const db = await getDb();
	const until = new Date(now.getTime() + aheadHours * 3_600_000).toISOString();
	const rows = rowsOf<{ id: number; h: number; a: number; g: string | null }>(
		await db.execute(sql`SELECT id, home_team_id AS h, away_team_id AS a, group_name AS g FROM matches
			WHERE season_id = ${seasonId} AND stage IN ('regular', 'league_phase', 'group')
			AND (status IN ('live', 'half_time') OR (status = 'scheduled' AND kickoff_at < ${until}::timestamptz
				AND kickoff_at > ${now.toISOString()}::timestamptz - interval '3 hours'))
			ORDER BY kickoff_at, id LIMIT 50`),
	);
	const fixtures = rows.map((r) => ({
		matchId: String(r.id),
		homeTeamId: Number(r.h),
		awayTeamId: Number(r.a),
		group: r.g,
	}));
	if (fixtures.length === 0) return { fixtures, initial: [] };
	void startLiveFeed();
	const { matches } = await buildSnapshot(
		db,
		fixtures.map((f) => f.matchId),
	);
	return { fixtures, initial: matches };
}
