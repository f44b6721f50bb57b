/**
 * Which matches the live list shows. Every live match (or the page's own list), and, once a
 * row has been on screen, that row until the page is left: a match that ends stays where it
 * was, marked full time, instead of vanishing under the fan's eyes and pulling every row
 * below it up (a layout shift each final whistle). A reload lists only what is live.
 */

import { isLive } from '../football/match-status';
import type { MatchStatus } from './match-state';

interface Row {
	matchId: string;
	status: MatchStatus | string;
}

/**
 * Rows already listed keep their places; new ones go after them. The store's order is not
 * arrival order (match ids are numeric keys, which objects keep sorted), so a match kicking
 * off must not slot in between rows on screen and push the rest down.
 *
 * @param known the live store: every match the page has heard of
 * @param matchIds the page's own matches, in its order, or null for every live match
 * @param shown ids listed earlier on this page, in their order; the caller keeps it, this
 *   adds to it
 */
export function liveListRows<M extends Row>(
	known: Readonly<Record<string, M>>,
	matchIds: readonly string[] | null,
	shown: Set<string>,
): M[] {
	if (matchIds !== null) return matchIds.map((id) => known[id]).filter((m): m is M => Boolean(m));
	for (const m of Object.values(known)) if (isLive(m.status)) shown.add(m.matchId);
	return [...shown].map((id) => known[id]).filter((m): m is M => Boolean(m));
}
