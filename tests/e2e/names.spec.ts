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
	await expect(page.locator('table.league-table')).toContainText('FC');
});
