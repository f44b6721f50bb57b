import { expect, test } from '@playwright/test';
import { liveMatches } from './live-matches';

// Without scripts nothing ever connects: the live list must not say "Connecting…" forever,
// but when its scores are from, with a link that loads them again (issue 34).

test.describe('scripts off', () => {
	test.use({ javaScriptEnabled: false });

	test('the live list says when its scores are from and offers a reload, never "Connecting…"', async ({
		page,
	}) => {
		await page.goto('/en/live-matches');
		await expect(page.getByText('Connecting…')).toBeHidden();
		const line = page.getByTestId('live-static');
		await expect(line).toBeVisible();
		await expect(line).toHaveText(/^Scores as of \d{2}:\d{2} · Reload$/);
		await line.getByRole('link', { name: 'Reload' }).click();
		await expect(page).toHaveURL(/\/en\/live-matches\?$/);
		await expect(page.getByTestId('live-static')).toBeVisible();
	});

	test('so does a match centre, in the page language', async ({ page, request }) => {
		const [live] = await liveMatches(request, { before: 80 });
		await page.goto(`/de/match/${live!.id}`);
		// The centre, and the live table of a group match: no connection line anywhere.
		for (const line of await page.getByTestId('live-age').all()) await expect(line).toBeHidden();
		await expect(page.getByTestId('live-centre').getByTestId('live-static')).toHaveText(
			/^Spielstände von \d{2}:\d{2} Uhr · Neu laden$/,
		);
	});
});

test('with scripts the connection line shows and the static one does not', async ({ page }) => {
	await page.goto('/en/live-matches');
	await expect(page.getByTestId('live-age')).toBeVisible();
	await expect(page.getByTestId('live-static')).toBeHidden();
});
