import type { PlanRow } from '../db/schema/payments';

/** How long a single-match pass lasts from purchase: the match and its replay. */
export const MATCH_PASS_HOURS = 48;

/** End of the period a payment made at `from` buys for this plan. */
export function periodEndFrom(plan: Pick<PlanRow, 'kind' | 'interval'>, from: Date): Date {
	const end = new Date(from);
	if (plan.kind === 'match_pass' || !plan.interval) {
		end.setTime(end.getTime() + MATCH_PASS_HOURS * 3600_000);
	} else if (plan.interval === 'year') {
		end.setUTCFullYear(end.getUTCFullYear() + 1);
	} else {
		end.setUTCMonth(end.getUTCMonth() + 1);
	}
	return end;
}
