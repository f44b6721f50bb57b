import { expect, test } from '@playwright/test';
import { ADMIN, adminBearer, consoleLogin } from './staff';

test('screenshots', async ({ browser, page }) => {
	test.setTimeout(120_000);
	const bearer = await adminBearer(page);
	const created = await page.request.post('/api/cms/news', {
		headers: bearer,
		data: {
			slug: 'shot-article',
			translations: {
				en: { title: 'Cup final: a night to remember', summary: 'What happened in the final.', body: '## The match\n\nA **great** night with a [link](https://example.org).\n\n- one\n- two\n\n<script>alert(1)</script>' },
			},
		},
	});
	const id = (await created.json()).data.id;
	await page.request.post(`/api/cms/news/${id}/state`, { headers: bearer, data: { action: 'publish' } });
	await page.request.post('/api/cms/news', { headers: bearer, data: { slug: 'shot-draft', translations: { en: { title: 'A draft', summary: 's', body: 'b' } } } });
	for (const scheme of ['light', 'dark'] as const)
		for (const width of [390, 1366]) {
			const ctx = await browser.newContext({ colorScheme: scheme, viewport: { width, height: 900 } });
			const p = await ctx.newPage();
			await p.goto('/en/cms/login');
			await p.getByLabel('E-mail address').fill(ADMIN);
			await p.getByLabel('Password').fill('a long and happy passphrase');
			await p.getByRole('button', { name: 'Log in' }).click();
			await expect(p).toHaveURL(/\/en\/cms$/);
			await p.goto('/en/cms/news');
			await p.screenshot({ path: `/tmp/news-shots/list-${scheme}-${width}.png`, fullPage: true });
			await p.goto(`/en/cms/news/${id}`);
			await expect(p.getByTestId('preview-en').locator('h2')).toBeVisible();
			await p.screenshot({ path: `/tmp/news-shots/edit-${scheme}-${width}.png`, fullPage: true });
			await p.goto('/fr/news/shot-article');
			await p.screenshot({ path: `/tmp/news-shots/article-${scheme}-${width}.png`, fullPage: true });
			await ctx.close();
		}
	void consoleLogin;
});
