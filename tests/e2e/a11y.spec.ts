import { expect, type APIRequestContext, test } from '@playwright/test';
import { axeViolations } from './axe';
import { publicPageKinds } from './page-kinds';

/**
 * The accessibility budget (issue 12): axe finds no violation on any kind of page, on a
 * phone and a desktop, in the light and the dark theme. One browser context per
 * combination, the pages visited in a loop, so the four runs take a few minutes in all.
 *
 * Signed-in pages (account, payment results) are checked inside the payments spec's signed-in
 * flow: the e2e run may register no account of its own (ten registrations per client per
 * hour, used by the auth and payments specs).
 */

/**
 * One page of each kind (page-kinds.ts names them); the variants of a kind (another locale,
 * a past season, more static pages of the one layout) share its markup and are left out to
 * keep the run to a few minutes.
 */
const KINDS = new Set([
	'home',
	'day',
	'live matches',
	'hot matches',
	'most popular',
	'fixtures and results',
	'match centre (final)',
	'line-up embed',
	'league list',
	'league',
	'team list',
	'team',
	'head-to-head',
	'sport',
	'widget',
	'highlights',
	'match highlight',
	'tv',
	'movies',
	'pricing',
	'pricing per sport',
	'login',
	'register',
	'password reset',
	'faq',
	'terms',
	'guide',
	'news',
	'news post',
	'gone (410)',
	'not found (404)',
]);

/** A match live now (a replay of the Euro, see playwright.config.ts), or undefined. */
async function aLiveMatch(request: APIRequestContext): Promise<number | undefined> {
	let id: number | undefined;
	await expect
		.poll(
			async () => {
				const body = await (await request.get('/api/v1/matches?status=live')).json();
				const all = (body.competitions ?? []).flatMap(
					(c: { matches: { id: number }[] }) => c.matches,
				) as { id: number }[];
				id = all[0]?.id;
				return id !== undefined;
			},
			{ timeout: 60_000 },
		)
		.toBe(true);
	return id;
}

async function pagesToCheck(request: APIRequestContext): Promise<{ kind: string; path: string }[]> {
	const kinds = (await publicPageKinds(request)).filter((k) => KINDS.has(k.kind));
	expect(kinds.length, 'every kind named is in page-kinds.ts').toBe(KINDS.size);
	const live = await aLiveMatch(request);
	return [...kinds, { kind: 'match centre (live)', path: `/en/match/${live}` }];
}

const VIEWPORTS = [
	{ name: 'phone', width: 390, height: 844 },
	{ name: 'desktop', width: 1366, height: 900 },
] as const;
const SCHEMES = ['light', 'dark'] as const;

for (const viewport of VIEWPORTS) {
	for (const colorScheme of SCHEMES) {
		test(`axe finds no violation on any page kind: ${viewport.name}, ${colorScheme}`, async ({
			browser,
			request,
		}) => {
			test.setTimeout(240_000);
			const pages = await pagesToCheck(request);
			const context = await browser.newContext({
				viewport: { width: viewport.width, height: viewport.height },
				colorScheme,
				reducedMotion: 'reduce',
			});
			const page = await context.newPage();
			const found: Record<string, string[]> = {};
			for (const { kind, path } of pages) {
				await page.goto(path);
				const list = await axeViolations(page);
				if (list.length) found[`${kind} ${path}`] = list;
			}
			await context.close();
			expect(found).toEqual({});
		});
	}
}
