import type { PlanRow } from '../db/schema/payments';

/**
 * A single-match pass lasts until this long after full time (the match pages say so).
 * Full time is not known when the pass is bought, so it is taken as FULL_TIME_WITHIN_HOURS
 * after kick-off (extra time and penalties included), or after the purchase when that is
 * later (a pass bought mid-match, or for a replay).
 */
export const MATCH_PASS_HOURS_AFTER_FULL_TIME = 24;
const FULL_TIME_WITHIN_HOURS = 3;

/**
 * End of the period a payment made at `from` buys for this plan; a match pass needs its
 * match's kick-off.
 */
export function periodEndFrom(
	plan: Pick<PlanRow, 'kind' | 'interval'>,
	from: Date,
	kickoff?: Date | null,
): Date {
	const end = new Date(from);
	if (plan.kind === 'match_pass' || !plan.interval) {
		const start = Math.max(from.getTime(), kickoff?.getTime() ?? 0);
		end.setTime(start + (FULL_TIME_WITHIN_HOURS + MATCH_PASS_HOURS_AFTER_FULL_TIME) * 3600_000);
	} else if (plan.interval === 'year') {
		end.setUTCFullYear(end.getUTCFullYear() + 1);
	} else {
		end.setUTCMonth(end.getUTCMonth() + 1);
	}
	return end;
}
