import { inArray } from 'drizzle-orm';
import type { Translate } from '~/i18n/server';
import { getDb } from '../db/client';
import { streams } from '../db/schema/streams';
import { entitlementsFor } from '../entitlements';
import { accessWith } from './access';

/** One match's mark for this visitor: watch it, or the plan that would unlock it. */
export interface WatchMark {
	allowed: boolean;
	/** The plan to offer when not allowed (its id; the page names it). */
	plan: string | null;
	/** Why not: a login would do, a plan is needed, or not in this country. */
	reason: 'login' | 'plan' | 'region' | null;
	/** The mark's words: "Watch", the plan's name, or "Not in your country". */
	label: string;
}

/** At most this many matches per question: a long day list asks in one go. */
export const MAX_MARKS = 200;

/**
 * The watch marks of matches for one visitor. Match rows are cached pages, the same for
 * everyone, and say only that a stream exists; the browser asks this to say "Watch" or
 * which plan unlocks it. A match with several streams is marked by the one the match
 * centre plays first (live, then highlights). Matches without a stream are left out.
 */
export async function watchMarks(
	matchIds: number[],
	userId: string | null,
	country: string | undefined,
	t: Translate,
): Promise<Record<string, WatchMark>> {
	const ids = [...new Set(matchIds)].slice(0, MAX_MARKS);
	if (ids.length === 0) return {};
	const db = await getDb();
	const rows = await db.select().from(streams).where(inArray(streams.matchId, ids));
	const order = { live: 0, tv: 1, movie: 2, highlight: 3 };
	rows.sort((a, b) => order[a.kind] - order[b.kind] || a.position - b.position);
	const entitlements =
		userId !== null && rows.some((r) => r.plans.length > 0) ? await entitlementsFor(userId) : null;
	const marks: Record<string, WatchMark> = {};
	for (const stream of rows) {
		const key = String(stream.matchId);
		if (marks[key]) continue;
		const access = accessWith(entitlements, stream, country);
		marks[key] = access.allowed
			? { allowed: true, plan: null, reason: null, label: t('watching:mark') }
			: {
					allowed: false,
					plan: access.planHint,
					reason: access.reason,
					label:
						access.reason === 'region'
							? t('watching:markRegion')
							: t(`payments:plan.${access.planHint}.name`, {
									defaultValue: t('streams:needsPlan'),
								}),
				};
	}
	return marks;
}
