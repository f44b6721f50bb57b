import { expect, test, type Page } from '@playwright/test';

// The football pages in a real Chromium, on the shipped data set (imported at start-up into
// the in-memory database): days of matches in the visitor's zone, leagues, teams,
// head-to-head, the match centre, sports, old addresses, structured data and phone layout.

async function jsonLd(page: Page): Promise<unknown[]> {
	const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
	return blocks.map((text) => JSON.parse(text) as unknown);
}

/** The id of a competition, from the league list (ids come from the import). */
async function leagueHref(page: Page, name: string): Promise<string> {
	await page.goto('/en/league');
	const href = await page.getByRole('link', { name, exact: true }).first().getAttribute('href');
	expect(href).toMatch(/^\/en\/league\/[a-z0-9-]+$/);
	return href!;
}

test.describe('home: a day of matches', () => {
	test('kick-off in the visitor zone once the tz cookie is known', async ({ browser, baseURL }) => {
		const context = await browser.newContext({ timezoneId: 'Europe/Berlin' });
		await context.addCookies([{ name: 'tz', value: 'Europe/Berlin', url: baseURL! }]);
		const page = await context.newPage();
		const response = await page.goto('/en/home-2025-08-15');
		expect(response?.status()).toBe(200);
		const row = page
			.locator('li.match-row', { hasText: 'Liverpool FC' })
			.filter({ hasText: 'AFC Bournemouth' });
		await expect(row).toHaveCount(1);
		await expect(row.locator('time[data-kickoff]')).toHaveText('21:00');
		await expect(row.locator('time[data-kickoff]')).toHaveAttribute(
			'datetime',
			'2025-08-15T19:00:00.000Z',
		);
		await expect(page.locator('[data-utc-label]')).toHaveCount(0);
		await context.close();
	});

	test('without a known zone, the server renders UTC and says so', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/en/home-2025-08-15');
		const row = page
			.locator('li.match-row', { hasText: 'Liverpool FC' })
			.filter({ hasText: 'AFC Bournemouth' });
		await expect(row.locator('time[data-kickoff]')).toHaveText('19:00');
		await expect(page.locator('[data-utc-label]')).toBeVisible();
		await expect(page.locator('[data-utc-label]')).toHaveText('Times in UTC');
		await context.close();
	});

	test('the browser rewrites UTC times in place and remembers its zone', async ({
		browser,
		baseURL,
	}) => {
		const context = await browser.newContext({ timezoneId: 'Europe/Berlin' });
		const page = await context.newPage();
		await page.goto('/en/home-2025-08-15');
		const row = page
			.locator('li.match-row', { hasText: 'Liverpool FC' })
			.filter({ hasText: 'AFC Bournemouth' });
		await expect(row.locator('time[data-kickoff]')).toHaveText('21:00');
		// The same box says the times are now local (removing it would shift the page).
		await expect(page.locator('[data-utc-label]')).toHaveText('Times in your time zone');
		await expect(page.locator('[data-utc-label]')).toHaveAttribute('title', 'Europe/Berlin');
		const cookies = await context.cookies(baseURL);
		expect(cookies.find((c) => c.name === 'tz')?.value).toBe('Europe%2FBerlin');
		await context.close();
	});

	test('matches are grouped by competition, with a date strip of links', async ({ page }) => {
		await page.goto('/en/home-2025-08-16');
		await expect(
			page.locator('section.competition-block[data-competition="premier-league"]'),
		).toBeVisible();
		const strip = page.getByRole('navigation', { name: 'Choose a day' });
		await expect(strip.getByRole('link')).toHaveCount(7);
		await expect(strip.locator('a[aria-current="date"]')).toHaveAttribute(
			'href',
			'/en/home-2025-08-16',
		);
		await expect(strip.getByRole('link').first()).toHaveAttribute('href', '/en/home-2025-08-13');
	});

	test('a competition key shows that competition', async ({ page }) => {
		const response = await page.goto('/en/home-world-cup');
		expect(response?.status()).toBe(200);
		await expect(page.locator('section.competition-block')).toHaveCount(1);
		await expect(page.locator('section.competition-block')).toHaveAttribute(
			'data-competition',
			'world-cup',
		);
	});

	test('any other key is the empty state with 200, offering the nearest day with matches', async ({
		page,
	}) => {
		const response = await page.goto('/en/home-nonsense');
		expect(response?.status()).toBe(200);
		await expect(page.locator('[data-empty-state]')).toBeVisible();
		const nearest = page.locator('a[data-nearest-day]');
		await expect(nearest).toHaveAttribute('href', /^\/en\/home(-\d{4}-\d{2}-\d{2})?$/);
		await nearest.click();
		await expect(page.locator('li.match-row').first()).toBeVisible();
	});
});

test.describe('fixtures and results', () => {
	test('filters are links that combine date and competition', async ({ page }) => {
		await page.goto('/en/fixtures-results?date=2025-08-16');
		const filter = page.getByRole('navigation', { name: 'Competitions' });
		await filter.getByRole('link', { name: 'La Liga', exact: true }).click();
		await expect(page).toHaveURL(/\/en\/fixtures-results\?date=2025-08-16&competition=la-liga$/);
		await expect(page.locator('section.competition-block')).toHaveCount(1);
		await expect(page.locator('section.competition-block')).toHaveAttribute(
			'data-competition',
			'la-liga',
		);
	});

	test('a competition alone lists its season, paginated', async ({ page }) => {
		await page.goto('/en/fixtures-results?competition=premier-league&page=1');
		await expect(page.locator('li.match-row')).toHaveCount(40);
		await expect(page.getByRole('navigation', { name: 'Pages' })).toContainText('Page 1 of 10');
		await page.getByRole('link', { name: 'Next' }).click();
		await expect(page).toHaveURL(/page=2/);
	});
});

test.describe('leagues', () => {
	test('2023-24 Premier League: Manchester City first with 91 points', async ({ page }) => {
		const href = await leagueHref(page, 'Premier League');
		const response = await page.goto(`${href}?season=2023-24`);
		expect(response?.status()).toBe(200);
		const table = page.locator('table.league-table').first();
		await expect(table.locator('caption')).toContainText('2023-24');
		const first = table.locator('tbody tr').first();
		await expect(first.locator('th[scope="row"]')).toHaveText('Manchester City FC');
		await expect(first.locator('td.pts')).toHaveText('91');
		await expect(table.locator('tbody tr')).toHaveCount(20);
		await expect(table.locator('thead th[scope="col"]').first()).toBeVisible();
	});

	test('a tournament shows group tables and top scorers', async ({ page }) => {
		const href = await leagueHref(page, 'FIFA World Cup');
		await page.goto(`${href}?season=2022`);
		await expect(page.locator('table.league-table')).toHaveCount(8);
		const scorers = page.locator('table.scorers');
		// Upstream spells one scorer two ways ("Mbappé", "Kylian Mbappé"); the importer merges them.
		await expect(scorers.locator('tbody tr').first()).toContainText('Kylian Mbappé');
		await expect(
			scorers.locator('tbody tr', { hasText: 'Kylian Mbappé' }).locator('td').nth(2),
		).toHaveText('8');
		await expect(
			scorers.locator('tbody tr', { hasText: 'Lionel Messi' }).locator('td').nth(2),
		).toHaveText('7');
		await expect(scorers.locator('caption')).toContainText('2022');
	});

	test('unknown league, bad id and unknown season answer 404', async ({ page }) => {
		expect((await page.goto('/en/league/999999'))?.status()).toBe(404);
		expect((await page.goto('/en/league/premier'))?.status()).toBe(404);
		const href = await leagueHref(page, 'Premier League');
		expect((await page.goto(`${href}?season=1999-00`))?.status()).toBe(404);
	});
});

test.describe('teams and head-to-head', () => {
	test('team page: position, form, fixtures and results', async ({ page }) => {
		const href = await leagueHref(page, 'Premier League');
		await page.goto(`${href}?season=2023-24`);
		await page.locator('table.league-table tbody tr').first().getByRole('link').click();
		await expect(page).toHaveURL(/\/en\/team\/manchester-city-fc$/);
		await expect(page.locator('h1')).toHaveText(/Manchester City FC/);
		await expect(page.locator('[data-team-position]')).toContainText('Premier League');
		await expect(page.locator('[data-team-form] .f')).toHaveCount(5);
		expect((await page.goto('/en/team/999999'))?.status()).toBe(404);
	});

	test('head-to-head slug page counts every meeting', async ({ page }) => {
		const response = await page.goto('/en/team/head-to-head/liverpool-fc-vs-arsenal-fc');
		expect(response?.status()).toBe(200);
		const played = Number(await page.locator('[data-h2h="played"]').textContent());
		const parts = await Promise.all(
			['team1', 'draws', 'team2'].map(async (k) =>
				Number(await page.locator(`[data-h2h="${k}"]`).textContent()),
			),
		);
		expect(played).toBeGreaterThanOrEqual(6);
		expect(parts.reduce((a, b) => a + b, 0)).toBe(played);
		await expect(page.locator('li.match-row')).toHaveCount(played);
		expect((await page.goto('/en/team/head-to-head/nobody-vs-nothing'))?.status()).toBe(404);
	});

	test('the form picks two teams without JavaScript', async ({ browser }) => {
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/en/team/head-to-head');
		await page.getByLabel('First team').selectOption({ label: 'Argentina' });
		await page.getByLabel('Second team').selectOption({ label: 'France' });
		await page.getByRole('button', { name: 'Compare' }).click();
		await expect(page).toHaveURL(/\/en\/team\/head-to-head\/argentina-vs-france$/);
		await expect(page.locator('h1')).toContainText('Argentina');
		await context.close();
	});
});

test.describe('match centre', () => {
	test('World Cup 2022 final: score, shoot-out and goal timeline with scorers', async ({
		page,
	}) => {
		await page.goto('/en/home-2022-12-18');
		await page.locator('li.match-row', { hasText: 'Argentina' }).getByRole('link').click();
		await expect(page).toHaveURL(/\/en\/match\/\d+$/);
		await expect(page.locator('h1')).toContainText('Argentina');
		await expect(page.locator('h1')).toContainText('France');
		await expect(page.getByTestId('scoreboard').locator('.sb-nums')).toHaveText('3–3');
		await expect(page.getByTestId('scoreboard')).toContainText('4–2 on penalties');
		const goals = page.locator('.timeline li[data-event="goal"]');
		await expect(goals).toHaveCount(6);
		await expect(goals.first()).toContainText('Messi');
		await expect(page.locator('.timeline')).toContainText('Mbappé');
		await expect(page.locator('.timeline')).toContainText("23'");
		const nodes = (await jsonLd(page)).flatMap(
			(b) => (b as { '@graph'?: unknown[] })['@graph'] ?? [b],
		) as { '@type': string; startDate?: string }[];
		const ld = nodes.find((n) => n['@type'] === 'SportsEvent');
		expect(ld!.startDate).toBe('2022-12-18T15:00:00.000Z');
		await expect(page.getByRole('link', { name: 'All meetings' })).toHaveAttribute(
			'href',
			/\/en\/team\/head-to-head\/argentina-vs-france$/,
		);
	});

	// Issue 12: one scoreboard, the kick-off with its year (not the current season), and the
	// line-ups drawn on a pitch when the data has them, else one line saying what is not known.
	test('issue 12: the 2022 final has one static scoreboard with the year, and says what is not known', async ({
		page,
		request,
	}) => {
		await page.goto('/en/home-2022-12-18');
		await page.locator('li.match-row', { hasText: 'Argentina' }).getByRole('link').click();
		const board = page.getByTestId('scoreboard');
		await expect(board).toHaveCount(1);
		await expect(page.locator('h1')).toHaveCount(1);
		await expect(board.locator('.sb-crest')).toHaveCount(2);
		await expect(board.locator('time[data-kickoff]')).toContainText('2022');
		await expect(board).toContainText('After penalties');
		// A finished match ships no live island: its scoreboard is static (the follow star and
		// the alerts button are the only islands a finished match centre carries).
		await expect(page.locator('astro-island[component-url*="LiveMatchCentre"]')).toHaveCount(0);
		await expect(board.locator('astro-island')).toHaveCount(0);
		const id = /\/match\/(\d+)$/.exec(page.url())![1];
		const detail = (await (await request.get(`/api/v1/matches/${id}`)).json()) as {
			lineups: unknown[];
		};
		if (detail.lineups.length > 0) {
			await expect(page.getByTestId('pitch')).toBeVisible();
			await expect(page.getByTestId('pitch').locator('.player')).toHaveCount(22);
			await expect(page.getByTestId('bench').first()).toBeVisible();
		} else {
			// openfootball has goals and scorers but no line-ups or statistics.
			await expect(page.locator('#lineups')).toHaveCount(0);
			await expect(page.getByTestId('not-known')).toHaveText(
				'Line-ups and statistics are not available for this match.',
			);
		}
		// Section links work without JavaScript (plain anchors to the sections).
		for (const target of ['#overview', '#h2h'])
			await expect(page.locator(`nav.jump a[href="${target}"]`)).toHaveCount(1);
		await expect(page.locator('#overview')).toHaveCount(1);
		await expect(page.locator('#h2h')).toHaveCount(1);
	});

	test('a group match shows the group table around both teams', async ({ page }) => {
		await page.goto('/en/home-2022-11-22');
		await page.locator('li.match-row', { hasText: 'Saudi Arabia' }).getByRole('link').click();
		await expect(page.locator('table.league-table tbody tr')).toHaveCount(4);
		await expect(page.locator('table.league-table tr.highlight')).toHaveCount(2);
	});

	test('the view beacon is an uncached GIF, also for ids that do not exist', async ({
		request,
	}) => {
		for (const path of ['/en/match/1/seen.gif', '/en/match/99999999/seen.gif']) {
			const response = await request.get(path, {
				headers: { 'User-Agent': 'Googlebot/2.1 (+http://www.google.com/bot.html)' },
			});
			expect(response.status()).toBe(200);
			expect(response.headers()['content-type']).toBe('image/gif');
			expect(response.headers()['cache-control']).toBe('no-store');
		}
	});

	test('unknown match 404; /match lists today', async ({ page }) => {
		expect((await page.goto('/en/match/99999999'))?.status()).toBe(404);
		expect((await page.goto('/en/match/abc'))?.status()).toBe(404);
		expect((await page.goto('/en/match'))?.status()).toBe(200);
		await expect(page.locator('#day-heading')).toBeVisible();
	});

	test('views are counted for most popular matches', async ({ page }) => {
		await page.goto('/en/home-2024-07-14');
		await page.locator('li.match-row', { hasText: 'Spain' }).getByRole('link').click();
		// A click returns before the navigation it starts: read the address once it is the match's.
		await page.waitForURL(/\/match\/\d+$/);
		const id = /\/match\/(\d+)$/.exec(page.url())![1];
		// The page is route-cached: its <img> beacon counts the view, fetched on every load.
		await expect(page.locator('img.beacon')).toHaveAttribute('src', `/en/match/${id}/seen.gif`);
		await page.goto('/en/most-popular-matches');
		await expect(page.locator(`li.match-row[data-match-id="${id}"]`)).toHaveCount(1);
		expect((await page.goto('/en/most-popular-matches-whatever'))?.status()).toBe(200);
	});
});

test.describe('other pages', () => {
	test('sports: football today, anything else 404', async ({ page }) => {
		expect((await page.goto('/en/sport'))?.status()).toBe(200);
		// A hub, not a one-item list: what is on, the ways in, every competition.
		const card = page.locator('section.sport');
		await expect(card).toContainText(/Live now: \d+/);
		await expect(card).toContainText(/Today: \d+/);
		await expect(card).toContainText(/Competitions: [1-9]\d*/);
		await expect(card.getByRole('link', { name: 'Live', exact: true })).toHaveAttribute(
			'href',
			'/en/live-matches',
		);
		await expect(page.getByRole('link', { name: 'Premier League' })).toBeVisible();
		await page.getByRole('link', { name: 'Football', exact: true }).click();
		await expect(page).toHaveURL(/\/en\/sport\/football$/);
		expect((await page.goto('/en/sport/basketball'))?.status()).toBe(404);
	});

	test('old addresses: 301 to their page, or 410 with a helpful page', async ({ request }) => {
		const moved = await request.get('/en/deprecated/live', { maxRedirects: 0 });
		expect(moved.status()).toBe(301);
		expect(moved.headers().location).toMatch(/\/en\/live-matches$/);
		const league = await request.get('/de/deprecated/premier-league', { maxRedirects: 0 });
		expect(league.status()).toBe(301);
		expect(league.headers().location).toMatch(/\/de\/league\/premier-league$/);
		const gone = await request.get('/en/deprecated/old-stuff_that~never', { maxRedirects: 0 });
		expect(gone.status()).toBe(410);
		expect(await gone.text()).toContain('/en/fixtures-results');
	});

	test('widget page and the framable line-up embed', async ({ page, request }) => {
		expect((await page.goto('/en/widget'))?.status()).toBe(200);
		await expect(page.locator('textarea')).toContainText('/en/embed/lineup/');
		const embed = await request.get('/en/embed/lineup/1');
		expect(embed.status()).toBe(200);
		expect(embed.headers()['content-security-policy']).toContain('frame-ancestors *');
		expect((await request.get('/en/embed/lineup/nope')).status()).toBe(404);
	});

	test('hot matches and lists render with structured data', async ({ page }) => {
		// A list page that shows no match yet publishes no (empty) ItemList: only pages whose
		// list is never empty must carry one.
		for (const path of [
			'/en/hot-matches',
			'/en/most-popular-matches',
			'/en/league',
			'/en/team',
			'/en/fixtures-results',
		]) {
			expect((await page.goto(path))?.status(), path).toBe(200);
			const blocks = await jsonLd(page);
			if (
				path === '/en/league' ||
				path === '/en/team' ||
				(await page.locator('li.match-row').count()) > 0
			)
				expect(blocks.length, path).toBeGreaterThan(0);
		}
	});
});

test.describe('structured data and languages', () => {
	test('every football page carries parseable JSON-LD of the right type', async ({ page }) => {
		const href = await leagueHref(page, 'Premier League');
		const expected: [string, string][] = [
			['/en/home-2025-08-16', 'ItemList'],
			[href, 'SportsOrganization'],
			['/en/team/head-to-head/liverpool-fc-vs-arsenal-fc', 'ItemList'],
			['/en/sport', 'ItemList'],
		];
		for (const [path, type] of expected) {
			await page.goto(path);
			const text = JSON.stringify(await jsonLd(page));
			expect(text, path).toContain(`"${type}"`);
		}
	});

	test('pages are translated', async ({ page }) => {
		await page.goto('/de/home-2025-08-16');
		await expect(page.locator('#day-heading')).toContainText('Spiele am');
		const href = (await leagueHref(page, 'Premier League')).replace('/en/', '/fr/');
		await page.goto(`${href}?season=2023-24`);
		await expect(page.locator('table.league-table thead')).toContainText('Forme');
	});
});

test.describe('phone layout', () => {
	test.use({ viewport: { width: 360, height: 740 } });

	for (const name of ['home', 'league'] as const) {
		test(`no horizontal scroll at 360 px: ${name}`, async ({ page }) => {
			const path =
				name === 'home'
					? '/en/home-2025-08-16'
					: `${await leagueHref(page, 'Premier League')}?season=2023-24`;
			await page.goto(path);
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBe(0);
		});
	}
});

test.describe('hostile input on football pages', () => {
	test('redirects never leave the site', async ({ request }) => {
		for (const path of [
			'/en/deprecated/%2F%2Fevil.com',
			'/en/deprecated/https%3A%2F%2Fevil.com',
			'/en/deprecated/..%2F..%2Fevil',
		]) {
			const response = await request.get(path, { maxRedirects: 0 });
			const location = response.headers().location ?? '';
			expect(location.includes('evil'), path).toBe(false);
			expect([301, 404, 410], path).toContain(response.status());
		}
		const form = await request.get('/en/team/head-to-head?team1=%2F%2Fevil.com&team2=argentina', {
			maxRedirects: 0,
		});
		expect(form.status()).toBe(200);
		expect(form.headers().location).toBeUndefined();
	});

	test('filter and key values are validated, never reflected raw', async ({ request }) => {
		const xss = '<script>alert(1)</script>';
		const fixtures = await request.get(
			`/en/fixtures-results?competition=${encodeURIComponent(xss)}&date=${encodeURIComponent(xss)}&page=-5`,
		);
		expect(fixtures.status()).toBe(200);
		expect(await fixtures.text()).not.toContain(xss);
		const home = await request.get(`/en/home-${encodeURIComponent(xss)}`);
		expect(home.status()).toBe(200);
		expect(await home.text()).not.toContain(xss);
		const league = await request.get(`/en/league/1?season=${encodeURIComponent(xss)}`);
		expect(league.status()).toBe(404);
	});
});
