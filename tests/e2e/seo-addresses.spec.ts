import { expect, test } from '@playwright/test';

// Canonical addresses of leagues and teams (src/lib/urls.ts): one address per page, 301 from
// every other form, and the same address in links, canonical, hreflang and the sitemap.

const teamIdOf = async (request: import('@playwright/test').APIRequestContext, slug: string) => {
	const standings = (await (
		await request.get('/api/v1/competitions/world-cup/standings?season=2022')
	).json()) as {
		rows: { team: { id: number; slug: string } }[];
	};
	return standings.rows.find((row) => row.team.slug === slug)!.team.id;
};

test.describe('canonical league and team addresses', () => {
	test('the id form and other spellings answer 301 to the slug address', async ({ request }) => {
		const argentina = await teamIdOf(request, 'argentina');
		for (const [from, to] of [
			[`/en/team/${argentina}`, '/en/team/argentina'],
			[`/de/team/${argentina}-argentina`, '/de/team/argentina'],
			['/fr/team/Argentina', '/fr/team/argentina'],
			['/en/league/world-cup?season=2026', '/en/league/world-cup'],
		]) {
			const r = await request.get(from!, { maxRedirects: 0 });
			expect(r.status(), from).toBe(301);
			const location = new URL(r.headers().location!, 'http://x');
			expect(location.pathname + location.search, from).toBe(to);
		}
		expect((await request.get('/en/team/argentina', { maxRedirects: 0 })).status()).toBe(200);
		expect(
			(await request.get('/en/league/world-cup?season=2022', { maxRedirects: 0 })).status(),
		).toBe(200);
	});

	test('canonical and hreflang use the slug address; a past season keeps its season', async ({
		page,
		baseURL,
	}) => {
		await page.goto('/de/team/argentina');
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
			'href',
			`${baseURL}/de/team/argentina`,
		);
		await expect(page.locator('link[rel="alternate"][hreflang="fr"]')).toHaveAttribute(
			'href',
			`${baseURL}/fr/team/argentina`,
		);
		await expect(page.locator('link[rel="alternate"][hreflang="x-default"]')).toHaveAttribute(
			'href',
			`${baseURL}/en/team/argentina`,
		);
		await page.goto('/en/league/world-cup?season=2022');
		await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
			'href',
			`${baseURL}/en/league/world-cup?season=2022`,
		);
		// Links to teams from the tables are canonical too (no redirect hop for crawlers).
		const hrefs = await page
			.locator('table.league-table a[href*="/team/"]')
			.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
		expect(hrefs.length).toBeGreaterThan(0);
		for (const href of hrefs) expect(href).toMatch(/^\/en\/team\/[a-z0-9-]+$/);
		expect(hrefs.some((h) => /\/\d+$/.test(h ?? ''))).toBe(false);
	});

	test('the 404 page carries no canonical link and no language twins', async ({ request }) => {
		for (const path of ['/en/team/nobody-at-all', '/de/league/premier', '/en/no-such-page']) {
			const r = await request.get(path);
			expect(r.status(), path).toBe(404);
			const html = await r.text();
			expect(html, path).not.toMatch(/rel="canonical"/);
			expect(html, path).not.toMatch(/<link rel="alternate" hreflang=/);
			expect(html, path).toMatch(/<meta name="robots" content="noindex/);
		}
	});
});
