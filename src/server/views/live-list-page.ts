import type { SnapshotMatch } from '~/lib/live/match-state';
import type { LiveLabels } from '~/lib/live/labels';
import { liveLabels } from '~/server/live/labels';
import { getLiveMatchesPage } from '~/server/live/page';
import type { ViewContext } from './context';
import { liveNames, namesFor } from './names';

/** `/live-matches`: every live match, named in the visitor's language (views/names.ts). */
export async function getLiveListView(
	ctx: ViewContext,
): Promise<{ matches: SnapshotMatch[]; labels: LiveLabels }> {
	const [{ matches }, names] = await Promise.all([getLiveMatchesPage(), namesFor(ctx)]);
	return {
		matches: matches.map((m) => names.snapshot(m)),
		labels: { ...liveLabels(ctx.t), names: liveNames(ctx) },
	};
}
