import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { adminBearer, adminConsole, consoleLogin, setPasswordFromMail } from './staff';

test.describe('editors’ console: news', () => {
	test.describe.configure({ timeout: 120_000 });

	test('an editor publishes a German article that /de/news and the German feed show at once', async ({
		browser,
		page: admin,
	}) => {
		await adminConsole(admin);
		const tag = Date.now().toString(36);
		const email = `editor-${tag}@e2e.test`;
		const since = Date.now();
		await admin.goto('/en/cms/staff');
		const form = admin.getByTestId('staff-add');
		await form.getByLabel('E-mail').fill(email);
		await form.getByLabel('Role').selectOption('editor');
		await form.getByRole('button', { name: 'Add or change' }).click();
		await expect(admin.getByTestId('staff-result')).toContainText(`${email} is now Editor`);
		const editor = await (await browser.newContext()).newPage();
		await setPasswordFromMail(editor, email, since);
		await consoleLogin(editor, email);

		await editor.getByRole('link', { name: 'News', exact: true }).click();
		await expect(editor).toHaveURL(/\/en\/cms\/news$/);
		await editor.getByRole('link', { name: 'New article' }).click();

		// A shipped Markdown post owns its address: refused, with the form kept.
		const slug = `pokal-${tag}`;
		await editor.getByLabel('Address (slug)').fill('welcome-to-matchday');
		await editor.getByLabel('Title (en)').fill('Cup final');
		await editor.getByLabel('Summary (en)').fill('The cup final in English.');
		await editor.getByLabel('Text (Markdown) (en)').fill('The **final** in English.');
		await editor.getByRole('button', { name: 'Save draft' }).click();
		await expect(editor.getByTestId('news-problem')).toContainText(
			'Another article already uses this address',
		);
		await expect(editor.getByLabel('Title (en)')).toHaveValue('Cup final');

		await editor.getByLabel('Address (slug)').fill(slug);
		await editor.locator('details[data-locale="de"] summary').click();
		const title = `Pokalfinale ${tag}`;
		await editor.getByLabel('Title (de)').fill(title);
		await editor.getByLabel('Summary (de)').fill('Das Pokalfinale auf Deutsch.');
		const evil = '<script>window.pwned=1</script> <img src=x onerror="window.pwned=1">';
		await editor.getByLabel('Text (Markdown) (de)').fill(`Ein **fettes** Finale.\n\n${evil}`);
		// The live preview renders as the site will: bold is bold, markup is text.
		const preview = editor.getByTestId('preview-de');
		await expect(preview.locator('strong')).toHaveText('fettes');
		await expect(preview).toContainText('<script>window.pwned=1</script>');
		await expect(preview.locator('img')).toHaveCount(0);

		const png = await sharp({ create: { width: 64, height: 32, channels: 3, background: '#063' } })
			.png()
			.toBuffer();
		await editor
			.getByLabel('Image', { exact: true })
			.setInputFiles({ name: 'photo.svg', mimeType: 'image/svg+xml', buffer: png });
		await editor.getByLabel('Image description (de)').fill('Der Pokal');
		await editor.getByRole('button', { name: 'Publish now' }).click();
		await expect(editor.getByTestId('news-done')).toContainText('Published');
		await expect(editor.getByTestId('news-state')).toContainText('Published');

		// A visitor, without any restart: the list, the article, the feed and the sitemap.
		const fan = await (await browser.newContext()).newPage();
		await fan.goto('/de/news');
		await fan.getByRole('link', { name: title }).click();
		await expect(fan).toHaveURL(new RegExp(`/de/news/${slug}$`));
		await expect(fan.getByRole('heading', { level: 1 })).toHaveText(title);
		await expect(fan.locator('article strong')).toHaveText('fettes');
		await expect(fan.locator('article')).toContainText('<script>window.pwned=1</script>');
		await expect(fan.locator('article img[src="x"]')).toHaveCount(0);
		const image = fan.locator('article img.lead');
		await expect(image).toHaveAttribute('alt', 'Der Pokal');
		const src = await image.getAttribute('src');
		expect(src).toMatch(/^\/media\/news\/[0-9a-f-]{36}\.webp$/);
		const served = await fan.request.get(src!);
		expect(served.headers()['content-type']).toBe('image/webp');
		expect(served.headers()['x-content-type-options']).toBe('nosniff');
		expect(
			await fan.evaluate(() => (window as unknown as { pwned?: number }).pwned),
		).toBeUndefined();

		const feed = await (await fan.request.get('/de/rss.xml')).text();
		expect(feed).toContain(`<title>${title}</title>`);
		expect(feed).toContain(`/de/news/${slug}</link>`);
		// French has no version: English text, marked as such.
		await fan.goto('/fr/news');
		await expect(fan.locator(`a[href="/fr/news/${slug}"]`)).toHaveText('Cup final');
		await fan.goto(`/fr/news/${slug}`);
		await expect(fan.getByTestId('news-fallback')).toContainText('English');
		const sitemap = await (await fan.request.get('/sitemap-articles-1.xml')).text();
		expect(sitemap).toContain(`/de/news/${slug}`);

		// Unpublished: gone from the list and the feed, the article answers 404.
		await editor.getByRole('button', { name: 'Unpublish' }).click();
		await expect(editor.getByTestId('news-state')).toContainText('Unpublished');
		await fan.goto('/de/news');
		await expect(fan.getByRole('link', { name: title })).toHaveCount(0);
		expect((await fan.request.get(`/de/news/${slug}`)).status()).toBe(404);
		expect(await (await fan.request.get('/de/rss.xml')).text()).not.toContain(title);
	});

	test('the news API refuses a bad token and a cross-site call, and answers the admin', async ({
		page,
	}) => {
		const bearer = await adminBearer(page);
		const denied = await page.request.get('/api/cms/news', {
			headers: { Authorization: 'Bearer not-a-token' },
		});
		expect(denied.status()).toBe(401);
		const list = await page.request.get('/api/cms/news', { headers: bearer });
		expect(list.status()).toBe(200);
		const crossSite = await page.request.post('/api/cms/news/preview', {
			data: { markdown: 'x' },
			headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
		});
		expect([401, 403]).toContain(crossSite.status());
	});
});
