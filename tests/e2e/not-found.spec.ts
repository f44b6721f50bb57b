import { expect, test } from '@playwright/test';

// A dead end gives a way on: the 404 page lists the site's main sections, each a link that
// works and fits a 360 px phone (issue 34).

test('the 404 page offers the main sections, all within a 360 px screen', async ({ page }) => {
	await page.setViewportSize({ width: 360, height: 740 });
	const answer = await page.goto('/de/no-such-page');
	expect(answer?.status()).toBe(404);
	const ways = page.getByTestId('not-found-sections').getByRole('link');
	const names = await ways.allTextContents();
	for (const section of ['Live', 'Ligen', 'Teams', 'Highlights']) {
		expect(names.map((n) => n.trim())).toContain(section);
	}
	expect(names.length).toBeGreaterThanOrEqual(8);
	for (const link of await ways.all()) {
		const box = (await link.boundingBox())!;
		expect(box.x).toBeGreaterThanOrEqual(0);
		expect(box.x + box.width).toBeLessThanOrEqual(360);
		expect(box.height).toBeGreaterThanOrEqual(24);
		expect(await link.getAttribute('href')).toMatch(/^\/de\//);
	}
	await ways.filter({ hasText: 'Ligen' }).click();
	await expect(page).toHaveURL(/\/de\/league$/);
});
