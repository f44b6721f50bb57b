import { exampleMatchId } from '~/server/football/queries/example-match';
import type { MatchDetail } from '~/server/football/queries/match-detail';
import { getMatchPage } from './match-page';

/** `/widget`: the id of the match its example embeds (null when the database is empty). */
export function getWidgetPage(): Promise<number | null> {
	return exampleMatchId();
}

/** `/embed/lineup` without an id. */
export async function getEmbedDefault(): Promise<MatchDetail | undefined> {
	const id = await exampleMatchId();
	return id === null ? undefined : getMatchPage(String(id));
}
