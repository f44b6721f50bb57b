import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../db/rows';
import type { Queryable } from './log';
import { regionOf } from '~/lib/football/regions';
import { isClock, type MatchClock } from '~/lib/live/clock';
import type { MatchState, MatchStatus, Score } from '~/lib/live/match-state';

/**
 * The live feature's view of the football `matches` table (src/server/db/schema/football.ts).
 * Raw SQL on its columns keeps this module independent of the Drizzle typings. The state's
 * shape is shared with the browser, so it lives in lib/live.
 */
export type { MatchState };

interface RawRow {
	id: number;
	status: MatchStatus;
	minute: number | null;
	ft_home: number | null;
	ft_away: number | null;
	ht_home: number | null;
	ht_away: number | null;
	et_home: number | null;
	et_away: number | null;
	pen_home: number | null;
	pen_away: number | null;
	version: number;
	updated_at: Date | string;
	kickoff_at: Date | string;
	home_id: number;
	home_name: string;
	home_code: string | null;
	home_tla: string | null;
	away_id: number;
	away_name: string;
	away_code: string | null;
	away_tla: string | null;
	competition_id: number;
	competition_name: string;
	competition_slug: string;
	is_replay: boolean;
	clock: unknown;
}

const pair = (h: number | null, a: number | null): Score | null =>
	h === null || a === null ? null : { home: Number(h), away: Number(a) };
const iso = (v: Date | string) => (v instanceof Date ? v.toISOString() : new Date(v).toISOString());

/** A national team's place code (null for a club: its code is null), as views/names.ts reads it. */
const nationRegion = (code: string | null, tla: string | null): string | null =>
	code === null ? null : (regionOf(code) ?? regionOf(tla));

function toState(r: RawRow): MatchState {
	return {
		matchId: String(r.id),
		status: r.status,
		minute: r.minute,
		score: pair(r.ft_home, r.ft_away),
		ht: pair(r.ht_home, r.ht_away),
		et: pair(r.et_home, r.et_away),
		pen: pair(r.pen_home, r.pen_away),
		version: Number(r.version),
		updatedAt: iso(r.updated_at),
		kickoffAt: iso(r.kickoff_at),
		home: {
			id: Number(r.home_id),
			name: r.home_name,
			region: nationRegion(r.home_code, r.home_tla),
		},
		away: {
			id: Number(r.away_id),
			name: r.away_name,
			region: nationRegion(r.away_code, r.away_tla),
		},
		competition: {
			id: Number(r.competition_id),
			name: r.competition_name,
			slug: r.competition_slug,
		},
		isReplay: Boolean(r.is_replay),
		clock: clockOf(r.clock),
	};
}

/** The stored clock (jsonb: an object, or text on drivers that return it raw). */
function clockOf(raw: unknown): MatchClock | null {
	const value = typeof raw === 'string' ? safeJson(raw) : raw;
	return isClock(value) ? value : null;
}

function safeJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
}

const SELECT = sql`SELECT m.id, m.status, m.minute, m.ft_home, m.ft_away, m.ht_home, m.ht_away,
	m.et_home, m.et_away, m.pen_home, m.pen_away, m.version, m.updated_at, m.kickoff_at, m.clock,
	h.id AS home_id, h.name AS home_name, a.id AS away_id, a.name AS away_name,
	CASE WHEN h.is_national THEN h.country_code END AS home_code, h.tla AS home_tla,
	CASE WHEN a.is_national THEN a.country_code END AS away_code, a.tla AS away_tla,
	c.id AS competition_id, c.name AS competition_name, c.slug AS competition_slug,
	(r.match_id IS NOT NULL) AS is_replay
	FROM matches m
	JOIN teams h ON h.id = m.home_team_id
	JOIN teams a ON a.id = m.away_team_id
	JOIN seasons s ON s.id = m.season_id
	JOIN competitions c ON c.id = s.competition_id
	LEFT JOIN live_replays r ON r.match_id = m.id`;

/** Numeric ids only: the football schema's ids are serial integers. */
export function numericIds(ids: readonly string[]): number[] {
	return ids.filter((id) => /^\d{1,9}$/.test(id)).map(Number);
}

/**
 * Current state of the given matches, or of every live match (live or half time) when
 * `ids` is null. Unknown ids are simply absent.
 */
export async function readMatchStates(
	db: Queryable,
	ids: readonly string[] | null,
	limit = 200,
): Promise<MatchState[]> {
	let where: SQL;
	if (ids) {
		const nums = numericIds(ids);
		if (nums.length === 0) return [];
		where = sql`WHERE m.id IN (${sql.join(
			nums.map((n) => sql`${n}`),
			sql`, `,
		)})`;
	} else {
		where = sql`WHERE m.status IN ('live', 'half_time')`;
	}
	const result = await db.execute(
		sql`${SELECT} ${where} ORDER BY m.kickoff_at, m.id LIMIT ${limit}`,
	);
	return rowsOf<RawRow>(result).map(toState);
}

/** The part of a match row a live change may set; undefined leaves a column unchanged. */
export interface MatchPatch {
	status?: MatchStatus | undefined;
	minute?: number | null | undefined;
	score?: Score | null | undefined;
	ht?: Score | null | undefined;
	et?: Score | null | undefined;
	pen?: Score | null | undefined;
	clock?: MatchClock | null | undefined;
}

/**
 * Updates one match inside the caller's transaction and bumps its version. Returns the
 * new state, or null when the match does not exist.
 */
export async function updateMatch(
	tx: Queryable,
	matchId: string,
	patch: MatchPatch,
): Promise<MatchState | null> {
	const [id] = numericIds([matchId]);
	if (id === undefined) return null;
	const sets: SQL[] = [sql`version = version + 1`, sql`updated_at = now()`];
	if (patch.status !== undefined) sets.push(sql`status = ${patch.status}`);
	if (patch.minute !== undefined) sets.push(sql`minute = ${patch.minute}`);
	if (patch.clock !== undefined)
		sets.push(sql`clock = ${patch.clock === null ? null : JSON.stringify(patch.clock)}::jsonb`);
	const cols = { score: 'ft', ht: 'ht', et: 'et', pen: 'pen' } as const;
	for (const key of ['score', 'ht', 'et', 'pen'] as const) {
		const value = patch[key];
		if (value === undefined) continue;
		const c = cols[key];
		sets.push(sql`${sql.raw(`${c}_home`)} = ${value?.home ?? null}`);
		sets.push(sql`${sql.raw(`${c}_away`)} = ${value?.away ?? null}`);
	}
	const updated = await tx.execute(
		sql`UPDATE matches SET ${sql.join(sets, sql`, `)} WHERE id = ${id} RETURNING id`,
	);
	if (rowsOf(updated).length === 0) return null;
	const [state] = await readMatchStates(tx, [String(id)]);
	return state ?? null;
}
