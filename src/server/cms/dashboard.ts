import { sql } from 'drizzle-orm';
import { now } from '../clock';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import type { Actor } from './guard';
import { can } from '~/lib/cms/roles';

export interface DashboardMatch {
	id: number;
	home: string;
	away: string;
	competition: string;
	kickoffAt: string;
	status: string;
	score: { home: number; away: number } | null;
	/** The address holding the scoring lease, when one is held. */
	scorer: string | null;
}

export interface Dashboard {
	live: DashboardMatch[];
	upcoming: DashboardMatch[];
	needsResult: DashboardMatch[];
}

interface Row {
	id: number;
	home: string;
	away: string;
	competition: string;
	kickoff_at: Date | string;
	status: string;
	ft_home: number | null;
	ft_away: number | null;
	scorer: string | null;
}

const toMatch = (r: Row): DashboardMatch => ({
	id: Number(r.id),
	home: r.home,
	away: r.away,
	competition: r.competition,
	kickoffAt: new Date(r.kickoff_at).toISOString(),
	status: r.status,
	score: r.ft_home === null || r.ft_away === null ? null : { home: r.ft_home, away: r.ft_away },
	scorer: r.scorer,
});

/**
 * The console's first page: matches being played, kicking off within a week, and those
 * past their kick-off with no result (postponed, result unknown), which a scorer may
 * complete. A scorer with assignments sees only theirs.
 */
export async function dashboard(actor: Actor): Promise<Dashboard> {
	const db = await getDb();
	const at = new Date(now()).toISOString();
	const assigned = rowsOf<{ match_id: number }>(
		await db.execute(sql`SELECT match_id FROM cms_scorer_assignments WHERE user_id = ${actor.id}`),
	).map((r) => Number(r.match_id));
	// An admin's assignments (if any) never narrow what they may score, so not what they see.
	const onlyAssigned =
		assigned.length > 0 && !can(actor.scope, 'match.score', { matchId: -1, assigned })
			? assigned
			: null;
	const limit = onlyAssigned
		? sql`AND m.id IN (${sql.join(
				onlyAssigned.map((id) => sql`${id}`),
				sql`, `,
			)})`
		: sql``;
	const query = (where: ReturnType<typeof sql>, order: ReturnType<typeof sql>, max = 30) =>
		db.execute(sql`SELECT m.id, h.name AS home, a.name AS away, c.name AS competition,
			m.kickoff_at, m.status, m.ft_home, m.ft_away,
			CASE WHEN l.expires_at > ${at}::timestamptz THEN u.email END AS scorer
			FROM matches m
			JOIN teams h ON h.id = m.home_team_id
			JOIN teams a ON a.id = m.away_team_id
			JOIN seasons s ON s.id = m.season_id
			JOIN competitions c ON c.id = s.competition_id
			LEFT JOIN cms_match_leases l ON l.match_id = m.id
			LEFT JOIN users u ON u.id = l.user_id
			WHERE ${where} ${limit} ORDER BY ${order} LIMIT ${max}`);
	const [live, upcoming, needsResult] = await Promise.all([
		query(sql`m.status IN ('live', 'half_time')`, sql`m.kickoff_at, m.id`),
		query(
			sql`m.status = 'scheduled' AND m.kickoff_at >= ${at}::timestamptz - interval '3 hours'
				AND m.kickoff_at < ${at}::timestamptz + interval '7 days'`,
			sql`m.kickoff_at, m.id`,
		),
		query(
			sql`m.status IN ('result_unknown', 'postponed', 'scheduled')
				AND m.kickoff_at < ${at}::timestamptz - interval '3 hours'`,
			sql`m.kickoff_at DESC, m.id`,
			12,
		),
	]);
	return {
		live: rowsOf<Row>(live).map(toMatch),
		upcoming: rowsOf<Row>(upcoming).map(toMatch),
		needsResult: rowsOf<Row>(needsResult).map(toMatch),
	};
}
