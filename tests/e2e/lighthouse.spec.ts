import { expect, test } from '@playwright/test';
import { runLighthouse } from '../../scripts/lighthouse-run.mjs';
import { liveMatches } from './live-matches';

/**
 * Lighthouse (mobile) on the six pages a visitor meets first, React islands and all:
 * accessibility, SEO and best practices score 100, and the layout does not shift
 * (CLS ≤ 0.02) while live scores land on the replayed matches. Its performance score and
 * total blocking time are speed figures, so they live in bench/lighthouse.mjs (same pages),
 * not here.
 */
test.describe.configure({ timeout: 180_000 });

const PAGES: Array<
	[string, (request: import('@playwright/test').APIRequestContext) => Promise<string>]
> = [
	['home', async () => '/en'],
	['live list', async () => '/en/live-matches'],
	// A replay with at least half an hour left at 60x: live all through the run.
	['live match', async (r) => `/en/match/${(await liveMatches(r, { before: 60 }))[0]!.id}`],
	['league', async () => '/en/league/premier-league'],
	['pricing', async () => '/en/pricing'],
	['widget builder', async () => '/en/widget'],
];

for (const [kind, path] of PAGES) {
	test(`${kind}: accessibility, SEO and best practices 100, CLS ≤ 0.02`, async ({
		baseURL,
		request,
	}) => {
		const url = `${baseURL}${await path(request)}`;
		const run = await runLighthouse(url, {
			categories: ['accessibility', 'seo', 'best-practices', 'performance'],
		});
		for (const category of ['accessibility', 'seo', 'best-practices'])
			expect(run.scores[category], `${category}: ${run.failing[category]?.join('; ')}`).toBe(100);
		expect(run.cls).not.toBeNull();
		expect(run.cls!).toBeLessThanOrEqual(0.02);
	});
}
