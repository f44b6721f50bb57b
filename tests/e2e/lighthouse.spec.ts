import { expect, test } from '@playwright/test';
import { runLighthouse } from '../../scripts/lighthouse-run.mjs';

/**
 * Lighthouse (mobile) on the six pages a visitor meets first: accessibility, SEO and best
 * practices score 100, and the layout does not shift (CLS ≤ 0.02) while live scores land
 * on the replayed matches. Its performance score is a speed figure, so it lives in
 * bench/lighthouse.mjs, not here.
 */
test.describe.configure({ timeout: 180_000 });

async function finalId(baseURL: string): Promise<number> {
	const day = (await (await fetch(`${baseURL}/api/v1/matches?date=2022-12-18`)).json()) as {
		competitions: { matches: { id: number }[] }[];
	};
	return day.competitions[0]!.matches[0]!.id;
}

const PAGES: Array<[string, (baseURL: string) => Promise<string>]> = [
	['home', async () => '/en'],
	['live list', async () => '/en/live-matches'],
	['match centre', async (b) => `/en/match/${await finalId(b)}`],
	['league', async () => '/en/league/premier-league'],
	['faq', async () => '/en/faq'],
	['pricing', async () => '/en/pricing'],
];

for (const [kind, path] of PAGES) {
	test(`${kind}: accessibility, SEO and best practices 100, CLS ≤ 0.02`, async ({ baseURL }) => {
		const url = `${baseURL}${await path(baseURL!)}`;
		const run = await runLighthouse(url, {
			categories: ['accessibility', 'seo', 'best-practices', 'performance'],
		});
		for (const category of ['accessibility', 'seo', 'best-practices'])
			expect(run.scores[category], `${category}: ${run.failing[category]?.join('; ')}`).toBe(100);
		expect(run.cls).not.toBeNull();
		expect(run.cls!).toBeLessThanOrEqual(0.02);
	});
}
