import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';
import { liveMatches } from './live-matches';
import { publicPageKinds } from './page-kinds';

/**
 * The accessibility budget (issue 12): axe finds no violation on any kind of page, on a
 * phone and a desktop, in the light and the dark theme. One browser context per viewport,
 * the pages visited in a loop, each checked in both schemes (see below).
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

/** A match live now (a replay of the Euro, see playwright.config.ts). */
async function aLiveMatch(request: APIRequestContext): Promise<number> {
	const [m] = await liveMatches(request, { timeout: 60_000 });
	return m!.id;
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

/** What the page shows of its theme now: the scheme the browser reports, and body's colours. */
const look = (page: Page) =>
	page.evaluate(() => {
		const body = getComputedStyle(document.body);
		return {
			scheme: matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light',
			colours: `${body.color} on ${body.backgroundColor}`,
		};
	});

/**
 * Each page is loaded once per viewport and checked in both schemes on that load: the
 * browser's colour scheme is switched between the two axe runs. The site's theme is CSS
 * only (light-dark() tokens following `color-scheme`, no script reads the scheme, and no
 * data-theme without a theme cookie), so the page repaints in the other scheme; that it did
 * is checked on every page (the body's text colour or background must change).
 */
for (const viewport of VIEWPORTS) {
	test(`axe finds no violation on any page kind: ${viewport.name}, light and dark`, async ({
		browser,
		request,
	}) => {
		// Two schemes per page: about twice what one scheme took (80–90 s here).
		test.setTimeout(420_000);
		const pages = await pagesToCheck(request);
		const context = await browser.newContext({
			viewport: { width: viewport.width, height: viewport.height },
			colorScheme: SCHEMES[0],
			reducedMotion: 'reduce',
		});
		const page = await context.newPage();
		const found: Record<string, string[]> = {};
		for (const { kind, path } of pages) {
			await page.goto(path);
			const colours: Partial<Record<(typeof SCHEMES)[number], string>> = {};
			for (const colorScheme of SCHEMES) {
				await page.emulateMedia({ colorScheme });
				const now = await look(page);
				const name = `${kind} ${path} (${viewport.name}, ${colorScheme})`;
				if (now.scheme !== colorScheme) {
					found[name] = [`the browser reports the ${now.scheme} scheme`];
					continue;
				}
				colours[colorScheme] = now.colours;
				const list = await axeViolations(page);
				if (list.length) found[name] = list;
			}
			if (colours.light !== undefined && colours.light === colours.dark)
				found[`${kind} ${path} (${viewport.name}, light and dark)`] = [
					`the theme did not follow the colour scheme: ${colours.light} in both`,
				];
		}
		await context.close();
		expect(found).toEqual({});
	});
}
