import type { SnapshotMatch } from '~/lib/live/match-state';
import { renderedAtText } from './format';
import type { LiveLabels } from '~/lib/live/labels';
import { liveLabels } from '~/server/live/labels';
import { getLiveMatchesPage } from '~/server/live/page';
import { hasStream } from '~/server/streams/match-streams';
import type { ViewContext } from './context';
import { liveNames, namesFor } from './names';

/** The live list's watch marks as drawn for everyone: the matches with a stream, and "Watch". */
export interface LiveWatchMarks {
	label: string;
	matchIds: string[];
}

/**
 * Which of these live matches have a stream, for the live list island's first paint (the
 * page is the same for everyone; the browser then asks which play for this visitor).
 */
export function liveWatchMarks(
	matches: readonly SnapshotMatch[],
	ctx: ViewContext,
): LiveWatchMarks {
	return {
		label: ctx.t('watching:mark'),
		matchIds: matches.filter((m) => hasStream(Number(m.matchId))).map((m) => m.matchId),
	};
}

/** `/live-matches`: every live match, named in the visitor's language (views/names.ts). */
export async function getLiveListView(
	ctx: ViewContext,
): Promise<{ matches: SnapshotMatch[]; labels: LiveLabels; watch: LiveWatchMarks }> {
	const [{ matches }, names] = await Promise.all([getLiveMatchesPage(), namesFor(ctx)]);
	return {
		watch: liveWatchMarks(matches, ctx),
		matches: matches.map((m) => names.snapshot(m)),
		labels: { ...liveLabels(ctx.t), names: liveNames(ctx), asOf: renderedAtText(ctx) },
	};
}
