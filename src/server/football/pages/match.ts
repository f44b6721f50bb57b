import { getDb } from '../../db/client';
import { getLiveMatchCentre } from '../../live/page';
import type { SnapshotMatch } from '../../live/snapshot';
import { cached } from '~/server/cache/data-cache';
import { LISTS_TAG, matchTag } from '~/server/cache/tags';
import { getMatchDetail, type MatchDetail } from '../queries/match-detail';
import { recordView } from '../queries/popular';

/**
 * `/match/{id}`: the match centre's data (one round trip on a miss, none on a hit: the
 * query module caches it). Undefined (404) unless `id` is the number of a known match.
 */
export async function getMatchPage(id: string | undefined, now = new Date()): Promise<MatchDetail | undefined> {
	if (!id || !/^\d{1,9}$/.test(id)) return undefined;
	// The finished detail (tables and head-to-head computed) is kept too, not only the row:
	// a page render then does no table arithmetic. A match change drops it (matchTag).
	const n = Number(id);
	return cached(`pages:match:${n}`, 15_000, [matchTag(n), LISTS_TAG], async () => getMatchDetail(await getDb(), n, now));
}

/**
 * The match centre: the match, plus the live snapshot for the LiveMatchCentre island when
 * the match is being played (a finished or future match ships no JavaScript).
 */
export async function getMatchCentre(
	id: string | undefined,
	now = new Date(),
): Promise<{ detail: MatchDetail; live: SnapshotMatch | null } | undefined> {
	const detail = await getMatchPage(id, now);
	if (!detail) return undefined;
	const playing = detail.match.status === 'live' || detail.match.status === 'half_time';
	return { detail, live: playing ? await getLiveMatchCentre(detail.match.id) : null };
}

/** A transparent 1×1 GIF: the body of the view beacon. */
export const VIEW_PIXEL = Uint8Array.from(
	atob('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7'),
	(c) => c.charCodeAt(0),
);

/**
 * Counts a match-centre view for "most popular" (crawlers excluded by `recordView`). Not
 * awaited by the page: a failed count must never break the page, so errors are logged.
 */
export function countMatchView(id: number, userAgent: string | null): void {
	void getDb()
		.then((db) => recordView(db, id, userAgent))
		.catch((error: unknown) => console.warn('[football] page view not counted', error));
}
