import { clockMinute, isClock } from '~/lib/live/clock';
import { sql } from 'drizzle-orm';
import type { MatchStage, MatchStatus } from '~/server/db/schema/football';
import { isFinished } from '~/lib/football/match-status';
import { effectiveStatus } from '../status';
import { toDate } from './sql';

/** A team as lists and match cards show it. */
export interface TeamSummary {
	id: number;
	name: string;
	shortName: string;
	slug: string;
	tla: string | null;
	isNational: boolean;
	colours: { primary: string; secondary: string };
}

export interface CompetitionRef {
	id: number;
	code: string;
	slug: string;
	name: string;
	type: 'league' | 'cup' | 'tournament';
	areaName: string;
}

type Pair = [number, number] | null;

/** One match as every list, page and API answer shows it. */
export interface MatchSummary {
	id: number;
	/** Kick-off instant; when `kickoffTimeKnown` is false only its date is meaningful. */
	kickoffAt: Date;
	kickoffTimeKnown: boolean;
	/** As shown now: a long-past "scheduled" match reads "result_unknown". */
	status: MatchStatus;
	minute: number | null;
	competition: CompetitionRef;
	season: { id: number; label: string };
	round: string;
	stage: MatchStage;
	groupName: string | null;
	matchday: number | null;
	home: TeamSummary;
	away: TeamSummary;
	score: { ht: Pair; ft: Pair; et: Pair; pen: Pair };
	winner: 'home' | 'away' | 'draw' | null;
	version: number;
	updatedAt: Date;
	/** The replay feed is playing this past match back "as if live" (table live_replays). */
	isReplay: boolean;
}

const team = (alias: string) =>
	sql.raw(`json_build_object('id', ${alias}.id, 'name', ${alias}.name, 'shortName', ${alias}.short_name,
		'slug', ${alias}.slug, 'tla', ${alias}.tla, 'isNational', ${alias}.is_national,
		'colours', json_build_object('primary', ${alias}.colour_primary, 'secondary', ${alias}.colour_secondary))`);

/**
 * One match as JSON, for use inside json_agg so a page gets all it needs in one round
 * trip. Needs the aliases m (matches), s (seasons), c (competitions), th and ta (teams).
 */
export const MATCH_JSON = sql`json_build_object(
	'id', m.id, 'kickoffAt', m.kickoff_at, 'kickoffTimeKnown', m.kickoff_time_known,
	'status', m.status, 'minute', m.minute, 'round', m.round, 'stage', m.stage,
	'groupName', m.group_name, 'matchday', m.matchday, 'winner', m.winner,
	'version', m.version, 'updatedAt', m.updated_at, 'clock', m.clock,
	'isReplay', EXISTS (SELECT 1 FROM live_replays r WHERE r.match_id = m.id),
	'competition', json_build_object('id', c.id, 'code', c.code, 'slug', c.slug, 'name', c.name,
		'type', c.type, 'areaName', c.area_name),
	'season', json_build_object('id', s.id, 'label', s.label),
	'home', ${team('th')}, 'away', ${team('ta')},
	'score', json_build_array(m.ht_home, m.ht_away, m.ft_home, m.ft_away, m.et_home, m.et_away,
		m.pen_home, m.pen_away)
)`;

/** The joins MATCH_JSON needs, after `FROM matches m`. */
export const MATCH_JOINS = sql`JOIN seasons s ON s.id = m.season_id
	JOIN competitions c ON c.id = s.competition_id
	JOIN teams th ON th.id = m.home_team_id
	JOIN teams ta ON ta.id = m.away_team_id`;

interface RawMatch extends Omit<MatchSummary, 'kickoffAt' | 'updatedAt' | 'score'> {
	clock?: unknown;
	kickoffAt: string | Date;
	updatedAt: string | Date;
	score: (number | null)[];
}

const pair = (a: number | null | undefined, b: number | null | undefined): Pair =>
	a == null || b == null ? null : [a, b];

/** MATCH_JSON → MatchSummary, with the status as it reads at `now`. */
export function toMatch(raw: unknown, now: Date): MatchSummary {
	const r = raw as RawMatch;
	const kickoffAt = toDate(r.kickoffAt);
	const s = r.score;
	const status = effectiveStatus(r.status, kickoffAt, now);
	const { clock, ...rest } = r;
	return {
		...rest,
		// The minute as the match clock reads it now (lib/live/clock.ts), the same on every
		// surface; the last minute committed where the match has no clock.
		minute:
			status === 'live' && isClock(clock) ? clockMinute(clock, now.getTime()).minute : r.minute,
		id: Number(r.id),
		kickoffAt,
		updatedAt: toDate(r.updatedAt),
		isReplay: r.isReplay === true,
		status,
		// Only a match that is over has a winner: a replay keeps its real result in the row,
		// and a winner at 0' would give the end away (issue 27). One place for every output.
		winner: isFinished(status) ? (r.winner ?? null) : null,
		score: {
			ht: pair(s[0], s[1]),
			ft: pair(s[2], s[3]),
			et: pair(s[4], s[5]),
			pen: pair(s[6], s[7]),
		},
	};
}

/** Statuses whose score counts in tables (SQL list). */
export const RESULT_STATUS_SQL = sql.raw(`('finished', 'finished_aet', 'finished_pen', 'awarded')`);

/**
 * "This match has been played", for counts (a season's `played`), on a row aliased `m`.
 * A past match the replay feed is playing back "as if live" has status `live` for the
 * replay's length but was played long ago: it counts. (Tables and results keep showing it
 * as live on purpose: the live table moves with the replay.)
 */
export const PLAYED_SQL = sql`(m.status IN ${RESULT_STATUS_SQL} OR EXISTS (SELECT 1 FROM live_replays r WHERE r.match_id = m.id))`;
