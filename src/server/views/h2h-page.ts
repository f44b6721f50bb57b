import { getDb } from '~/server/db/client';
import { getHeadToHeadBySlug, vsSlug } from '~/server/football/queries/head-to-head';
import { listMatches } from '~/server/football/queries/matches';
import type { MatchSummary } from '~/server/football/queries/shape';
import type { HeadToHead } from '~/server/football/tables/head-to-head';
import { isSlug } from './page-keys';
import { getTeamChoices } from './team-page';

export interface H2HPageData {
	h2h: HeadToHead;
	/** Every meeting with scores, newest first (links to the match centres). */
	matches: MatchSummary[];
}

/** `/team/head-to-head/{a}-vs-{b}`: undefined (404) when the slug does not name two teams. */
export async function getH2HPage(slug: string | undefined, now = new Date()): Promise<H2HPageData | undefined> {
	if (!slug || !isSlug(slug) || !slug.includes('-vs-')) return undefined;
	const db = await getDb();
	const h2h = await getHeadToHeadBySlug(db, slug);
	if (!h2h) return undefined;
	const ids = new Set(h2h.meetings.map((m) => m.id));
	// The meetings as full match rows: both teams' results, filtered to the pair.
	const all = await listMatches(db, { teamId: h2h.team1.id, filter: 'results', pageSize: 200, now });
	const matches = all.items.filter((m) => ids.has(m.id));
	return { h2h, matches };
}

export interface H2HFormData {
	teams: Awaited<ReturnType<typeof getTeamChoices>>;
	/** Where a submitted pair should go (302), or null to show the form. */
	redirect: string | null;
	error: 'same' | null;
	team1: string | null;
	team2: string | null;
}

/**
 * `/team/head-to-head` without a slug: a plain GET form (`?team1=slug&team2=slug`). A valid
 * submission redirects to the canonical slug page.
 */
export async function getH2HForm(params: URLSearchParams): Promise<H2HFormData> {
	const teams = await getTeamChoices();
	const pick = (name: string) => {
		const v = params.get(name);
		return v && isSlug(v) && teams.some((t) => t.slug === v) ? v : null;
	};
	const team1 = pick('team1');
	const team2 = pick('team2');
	if (team1 && team2 && team1 === team2) return { teams, redirect: null, error: 'same', team1, team2 };
	const redirect = team1 && team2 ? `/team/head-to-head/${vsSlug({ slug: team1 }, { slug: team2 })}` : null;
	return { teams, redirect, error: null, team1, team2 };
}
