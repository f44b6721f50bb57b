import { test } from '@playwright/test';
import { adminBearer } from './staff';

test('shots', async ({ page }) => {
	test.setTimeout(170_000);
	await adminBearer(page);
	await page.goto('/en/cms/deals');
	const form = page.getByTestId('deal-form');
	await form.getByLabel('Premium monthly', { exact: true }).check();
	await form.getByLabel('Percent off (0 to 100)').fill('30');
	await form.getByLabel('Use limit').fill('10');
	await form.getByRole('button', { name: 'Create deal' }).click();
	for (const width of [390, 1366])
		for (const scheme of ['light', 'dark'] as const) {
			await page.setViewportSize({ width, height: 900 });
			await page.emulateMedia({ colorScheme: scheme });
			for (const p of ['plans', 'deals']) {
				await page.goto(`/en/cms/${p}`);
				await page.screenshot({ path: `/tmp/shots-plans/${p}-${width}-${scheme}.png`, fullPage: true });
			}
		}
	await page.goto('/de/cms/deals');
	await page.screenshot({ path: '/tmp/shots-plans/deals-de-1366.png', fullPage: true });
});
