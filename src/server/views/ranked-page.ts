import { getDb } from '~/server/db/client';
import { competitionBySlug, type CompetitionInfo } from '~/server/football/queries/competition-seasons';
import { hotMatches, type HotMatch } from '~/server/football/queries/hot';
import { mostPopularMatches, type PopularMatch } from '~/server/football/queries/popular';
import { parsePageKey } from './page-keys';

export const HOT_DAYS = 14;

/** `/hot-matches`: upcoming matches over the next two weeks ranked by TOP's documented rule. */
export async function getHotPage(now = new Date()): Promise<HotMatch[]> {
	return hotMatches(await getDb(), { now, days: HOT_DAYS, limit: 30 });
}

export interface PopularPageData {
	mode: 'recent' | 'date' | 'competition' | 'invalid';
	date: string | null;
	competition: CompetitionInfo | null;
	items: PopularMatch[];
}

/**
 * `/most-popular-matches` and `/most-popular-matches-{key}` (key as for home: a date or a
 * competition slug; anything else is the empty state, never an error).
 */
export async function getPopularPage(key: string | undefined, now = new Date()): Promise<PopularPageData> {
	const db = await getDb();
	const parsed = key === undefined ? null : parsePageKey(key);
	if (!parsed) return { mode: 'recent', date: null, competition: null, items: await mostPopularMatches(db, { now, days: 7 }) };
	if (parsed.kind === 'date') {
		return { mode: 'date', date: parsed.date, competition: null, items: await mostPopularMatches(db, { now, day: parsed.date }) };
	}
	if (parsed.kind === 'slug') {
		const competition = await competitionBySlug(parsed.slug);
		if (competition) {
			const items = await mostPopularMatches(db, { now, days: 90, competitionId: competition.id });
			return { mode: 'competition', date: null, competition, items };
		}
	}
	return { mode: 'invalid', date: null, competition: null, items: [] };
}
