import { sql } from 'drizzle-orm';
import { isLive } from '~/lib/football/match-status';
import { staffRoles } from '~/lib/cms/roles';
import { now } from '../clock';
import { config } from '../config';
import { rowsOf } from '../db/rows';
import type { Queryable } from '../live/log';
import type { MatchState } from '../live/matches';
import type { Actor } from './guard';

/** The refusals, shaped as scoring.ts's failures (which it returns as they are). */
export type WindowRefusal =
	| { ok: false; status: 403; error: 'forbidden'; message: string }
	| {
			ok: false;
			status: 409;
			error: 'outside_scoring_window';
			message: string;
			matchStatus: string;
	  };

/**
 * Which matches a scorer without assignments may write to (issue 28: one such scorer
 * rewrote a World Cup final of 2022). A scorer with assignments writes only to those
 * (`can` in lib/cms/roles.ts); one without writes only to a match nobody is assigned to
 * that is being played or kicks off within SCORING_WINDOW_HOURS either way. Admins are
 * not limited here; the state machine holds them like everyone (live/rules.ts).
 */
export async function scoringWindowRefusal(
	db: Queryable,
	actor: Actor,
	match: Pick<MatchState, 'matchId' | 'status' | 'kickoffAt'>,
): Promise<WindowRefusal | null> {
	if (staffRoles(actor.scope).includes('admin')) return null;
	const rows = rowsOf<{ user_id: string; match_id: number }>(
		await db.execute(sql`SELECT user_id, match_id FROM cms_scorer_assignments
			WHERE user_id = ${actor.id} OR match_id = ${Number(match.matchId)}`),
	);
	// Assigned to this one (any other assignment is refused before, by the role rule).
	if (rows.some((r) => r.user_id === actor.id)) return null;
	if (rows.length > 0)
		return {
			ok: false,
			status: 403,
			error: 'forbidden',
			message: 'This match is assigned to other scorers',
		};
	if (isLive(match.status)) return null;
	const hours = config().SCORING_WINDOW_HOURS;
	if (Math.abs(Date.parse(match.kickoffAt) - now()) <= hours * 3_600_000) return null;
	return {
		ok: false,
		status: 409,
		error: 'outside_scoring_window',
		message: `Without an assigned match you may score only matches being played or kicking off within ${hours} hours`,
		matchStatus: match.status,
	};
}
