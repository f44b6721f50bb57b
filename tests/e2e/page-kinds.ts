import { expect, type APIRequestContext } from '@playwright/test';

/**
 * One address of every kind of page the site renders (each route under src/pages/[locale],
 * plus the error pages), for the validators. Ids come from the API, never hard-coded.
 */
export interface PageKind {
	kind: string;
	path: string;
	/** Expected status (200 unless said). */
	status?: number;
}

async function matchIdOn(request: APIRequestContext, date: string): Promise<number> {
	const day = (await (await request.get(`/api/v1/matches?date=${date}`)).json()) as {
		competitions: { matches: { id: number }[] }[];
	};
	return day.competitions[0]!.matches[0]!.id;
}

/** Public pages: no account needed. */
export async function publicPageKinds(request: APIRequestContext): Promise<PageKind[]> {
	const final = await matchIdOn(request, '2022-12-18');
	const leagueMatch = await matchIdOn(request, '2024-01-20');
	return [
		{ kind: 'home', path: '/en' },
		{ kind: 'home (de)', path: '/de/home' },
		{ kind: 'day', path: '/en/home-2022-12-18' },
		{ kind: 'day by competition', path: '/fr/home-premier-league' },
		{ kind: 'live matches', path: '/en/live-matches' },
		{ kind: 'hot matches', path: '/en/hot-matches' },
		{ kind: 'most popular', path: '/en/most-popular-matches' },
		{ kind: 'most popular by key', path: '/en/most-popular-matches-2022-12-18' },
		{ kind: 'fixtures and results', path: '/en/fixtures-results' },
		{ kind: 'matches of today', path: '/en/match' },
		{ kind: 'match centre (final)', path: `/en/match/${final}` },
		{ kind: 'match centre (league)', path: `/es/match/${leagueMatch}` },
		{ kind: 'line-up embed', path: `/en/embed/lineup/${final}` },
		{ kind: 'line-up embed picker', path: '/en/embed/lineup' },
		{ kind: 'match embed', path: `/en/embed/match/${final}?theme=dark&accent=d97706` },
		{ kind: 'scores embed', path: '/en/embed/scores' },
		{ kind: 'table embed', path: '/de/embed/table/world-cup?group=Group+C&team=brazil' },
		{ kind: 'fixtures embed', path: '/fr/embed/fixtures?team=argentina' },
		{ kind: 'form embed', path: '/en/embed/form/argentina?theme=light' },
		{ kind: 'embed message (400)', path: '/en/embed/scores?theme=pink', status: 400 },
		{ kind: 'league list', path: '/en/league' },
		{ kind: 'league', path: '/en/league/premier-league' },
		{ kind: 'league past season', path: '/en/league/world-cup?season=2022' },
		{ kind: 'team list', path: '/en/team' },
		{ kind: 'team', path: '/en/team/argentina' },
		{ kind: 'head-to-head form', path: '/en/team/head-to-head' },
		{ kind: 'head-to-head', path: '/en/team/head-to-head/argentina-vs-france' },
		{ kind: 'sports', path: '/en/sport' },
		{ kind: 'sport', path: '/en/sport/football' },
		{ kind: 'widget', path: '/en/widget' },
		{
			kind: 'widget builder choice',
			path: '/en/widget?kind=table&competition=world-cup&team=brazil',
		},
		{ kind: 'highlights', path: '/en/highlight' },
		{ kind: 'match highlights', path: '/en/match-highlight' },
		{ kind: 'match highlight', path: '/en/match-highlight/demo-highlight' },
		{ kind: 'tv', path: '/en/tv' },
		{ kind: 'movies', path: '/en/movies' },
		{ kind: 'pricing', path: '/de/pricing' },
		{ kind: 'pricing per sport', path: '/en/pricing-sport' },
		{ kind: 'login', path: '/en/login' },
		{ kind: 'register', path: '/en/register' },
		{ kind: 'password reset', path: '/en/auth/reset-password' },
		{ kind: 'cms login', path: '/en/cms/login' },
		{ kind: 'faq', path: '/en/faq' },
		{ kind: 'faq (tr)', path: '/tr/faq' },
		{ kind: 'about', path: '/en/about-us' },
		{ kind: 'contact', path: '/en/contact' },
		{ kind: 'terms', path: '/en/terms' },
		{ kind: 'privacy', path: '/en/policy/privacy' },
		{ kind: 'refund', path: '/en/policy/refund' },
		{ kind: 'disclaimer', path: '/en/disclaimer' },
		{ kind: 'security', path: '/en/security' },
		{ kind: 'guides', path: '/en/guides' },
		{ kind: 'guide', path: '/en/guides/how-to-watch' },
		{ kind: 'news', path: '/en/news' },
		{ kind: 'news post', path: '/en/news/welcome-to-matchday' },
		{ kind: 'offline', path: '/de/offline' },
		{ kind: 'gone (410)', path: '/en/deprecated/old-thing', status: 410 },
		{ kind: 'not found (404)', path: '/en/no-such-page', status: 404 },
	];
}

/**
 * Pages behind an account, for a page already signed in with a paid checkout `checkoutId`.
 * (The e2e run registers no account of its own for this: the server allows ten
 * registrations per client per hour, and the auth and payments specs use them all.)
 */
export function memberPageKinds(checkoutId: string): PageKind[] {
	return [
		{ kind: 'account', path: '/en/account' },
		{ kind: 'payment result', path: `/en/payment/result?checkout=${checkoutId}` },
		{ kind: 'payment success', path: `/en/payment/success?checkout=${checkoutId}` },
		{ kind: 'payment failure', path: `/en/payment/failure?checkout=${checkoutId}` },
	];
}

/** The HTML of each page kind, checking its status. */
export async function documentsOf(
	request: APIRequestContext,
	kinds: PageKind[],
): Promise<{ name: string; html: string }[]> {
	const documents: { name: string; html: string }[] = [];
	for (const { kind, path, status = 200 } of kinds) {
		const response = await request.get(path);
		expect(response.status(), path).toBe(status);
		documents.push({ name: `${kind} ${path}`, html: await response.text() });
	}
	return documents;
}
