import type { SnapshotMatch } from '~/lib/live/match-state';
import { getLiveMatchesPage } from '~/server/live/page';
import type { ViewContext } from './context';
import { namesFor } from './names';

/** `/live-matches`: every live match, named in the visitor's language (views/names.ts). */
export async function getLiveListView(ctx: ViewContext): Promise<{ matches: SnapshotMatch[] }> {
	const [{ matches }, names] = await Promise.all([getLiveMatchesPage(), namesFor(ctx)]);
	return { matches: matches.map((m) => names.snapshot(m)) };
}
