import { expect, type APIRequestContext, type Page } from '@playwright/test';

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
		{ kind: 'gone (410)', path: '/en/deprecated/old-thing', status: 410 },
		{ kind: 'not found (404)', path: '/en/no-such-page', status: 404 },
	];
}

/** Pages behind an account: the page is signed in (a new account) when this returns. */
export async function memberPageKinds(page: Page): Promise<PageKind[]> {
	const email = `validator-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
	const password = 'Kick-off-at-20:45-sharp';
	await page.goto('/en/register');
	const form = page.getByTestId('register-form');
	await form.locator('input[name="name"]').fill('Validator');
	await form.locator('input[name="email"]').fill(email);
	await form.locator('input[name="password"]').fill(password);
	await form.locator('button[type="submit"]').click();
	await page.waitForURL(/\/en\/login/);
	await page.locator('input[name="email"]').fill(email);
	await page.locator('input[name="password"]').fill(password);
	await page.locator('form button[type="submit"]').click();
	await page.waitForURL((url) => !url.pathname.includes('/login'));
	const checkout = await page.request.post('/api/checkout', {
		data: { planId: 'premium-monthly', currency: 'EUR', locale: 'en' },
	});
	expect(checkout.ok(), await checkout.text()).toBe(true);
	const { redirectUrl, checkoutId } = (await checkout.json()) as {
		redirectUrl: string;
		checkoutId: string;
	};
	return [
		{ kind: 'account', path: '/en/account' },
		{ kind: 'sandbox checkout', path: new URL(redirectUrl, 'http://x').pathname },
		{ kind: 'payment result', path: `/en/payment/result?checkout=${checkoutId}` },
		{ kind: 'payment success', path: `/en/payment/success?checkout=${checkoutId}` },
		{ kind: 'payment failure', path: `/en/payment/failure?checkout=${checkoutId}` },
	];
}
