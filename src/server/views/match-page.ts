import { getDb } from '~/server/db/client';
import { cached, LISTS_TAG, matchTag } from '~/server/football/cache';
import { getMatchDetail, type MatchDetail } from '~/server/football/queries/match-detail';
import { getLiveMatchCentre } from '~/server/live/page';
import type { SnapshotMatch } from '~/server/live/snapshot';

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
