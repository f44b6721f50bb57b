import { expect, test, type APIRequestContext } from '@playwright/test';

// Issue 12: names in the visitor's language. National teams and areas through
// Intl.DisplayNames, competitions and rounds from the message files; clubs as they are.

async function finalId(request: APIRequestContext): Promise<number> {
	const day = (await (await request.get('/api/v1/matches?date=2022-12-18')).json()) as {
		competitions: { matches: { id: number; homeTeam: { name: string } }[] }[];
	};
	const final = day.competitions
		.flatMap((c) => c.matches)
		.find((m) => m.homeTeam.name === 'Argentina');
	expect(final).toBeDefined();
	return final!.id;
}

test('/de/match/{final}: "Argentinien – Frankreich" in the h1 and the <title>', async ({
	page,
	request,
}) => {
	const id = await finalId(request);
	await page.goto(`/de/match/${id}`);
	await expect(page.locator('h1')).toContainText('Argentinien');
	await expect(page.locator('h1')).toContainText('Frankreich');
	await expect(page).toHaveTitle(/Argentinien.*Frankreich/);
	await expect(page.locator('main')).toContainText('Finale');
	await expect(page.locator('main')).not.toContainText('Argentina ');
});

test('/ru/match/{final}: Russian names', async ({ page, request }) => {
	await page.goto(`/ru/match/${await finalId(request)}`);
	await expect(page.locator('h1')).toContainText('Аргентина');
	await expect(page.locator('h1')).toContainText('Франция');
	await expect(page).toHaveTitle(/Аргентина.*Франция/);
});

test('/de/league names areas in German; clubs keep their names', async ({ page }) => {
	await page.goto('/de/league');
	await expect(page.locator('main')).toContainText('Deutschland');
	await expect(page.locator('main')).toContainText('Welt');
	await page.goto('/de/league/premier-league');
	// The static table, or the live island's while a league match is being played.
	await expect(page.getByRole('table', { name: /Tabelle/ })).toContainText('FC');
});

// Euro matches are replayed in the browser tests (playwright.config.ts): national teams.
// Their English names that German does not share ("Ukraine" is German too, so not here).
const ENGLISH_ONLY = [
	'Germany',
	'Switzerland',
	'Netherlands',
	'Spain',
	'Italy',
	'Scotland',
	'Hungary',
	'Croatia',
	'Albania',
	'Slovenia',
	'Denmark',
	'Serbia',
	'Poland',
	'Austria',
	'France',
	'Belgium',
	'Slovakia',
	'Romania',
	'Turkey',
	'Türkiye',
	'Czech Republic',
	'Czechia',
	'Finland',
	'Sweden',
	'Russia',
	'North Macedonia',
];

test('/de/live-matches keeps German names once the live stream has sent its snapshot', async ({
	page,
}) => {
	test.setTimeout(60_000);
	await page.goto('/de/live-matches');
	await expect(page.getByTestId('live-age')).toHaveAttribute('data-state', 'open', {
		timeout: 20_000,
	});
	const teams = page.locator('.live-list li[data-match-id] .live-team');
	await expect(teams.first()).toBeVisible({ timeout: 20_000 });
	// The age shows a number once a stream message (its snapshot first) has been applied.
	await expect(page.getByTestId('live-age')).toHaveText(/\d/, { timeout: 20_000 });
	for (const name of await teams.allInnerTexts()) expect(ENGLISH_ONLY).not.toContain(name.trim());
});
