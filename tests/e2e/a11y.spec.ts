import AxeBuilder from '@axe-core/playwright';
import { expect, type APIRequestContext, type Page, test } from '@playwright/test';
import { publicPageKinds } from './page-kinds';

/**
 * The accessibility budget (issue 12): axe finds no violation on any kind of page, on a
 * phone and a desktop, in the light and the dark theme. One browser context per
 * combination, the pages visited in a loop, so the four runs take a few minutes in all.
 *
 * Signed-in pages (account, payment results) are not checked here: the e2e run may register
 * no account of its own (ten registrations per client per hour, used by the auth and
 * payments specs).
 */

/** One page of each kind; the variants of a kind (other locale, past season) share markup. */
const SKIP_VARIANTS = new Set([
	'home (de)',
	'most popular by key',
	'league past season',
	'faq (tr)',
	'refund',
	'disclaimer',
	'security',
	'guides',
	'match highlights',
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
	const kinds = (await publicPageKinds(request)).filter((k) => !SKIP_VARIANTS.has(k.kind));
	const live = await aLiveMatch(request);
	return [...kinds, { kind: 'match centre (live)', path: `/en/match/${live}` }];
}

/** The violations on the page now, one line each (rule, impact, first few targets). */
async function violations(page: Page): Promise<string[]> {
	const result = await new AxeBuilder({ page })
		.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
		.analyze();
	return result.violations.map(
		(v) =>
			`${v.id} (${v.impact}): ${v.nodes
				.slice(0, 3)
				.map((n) => n.target.join(' '))
				.join(' | ')}`,
	);
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
				const list = await violations(page);
				if (list.length) found[`${kind} ${path}`] = list;
			}
			await context.close();
			expect(found).toEqual({});
		});
	}
}
