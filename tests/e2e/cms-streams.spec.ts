import { expect, test } from '@playwright/test';
import { axeViolations } from './axe';
import { adminBearer, adminConsole, consoleLogin, setPasswordFromMail } from './staff';

test.describe('editors’ console: streams', () => {
	test.describe.configure({ timeout: 120_000 });

	test('an editor creates a highlight with a German title, previews it, and the catalogue shows it per locale', async ({
		browser,
		page: admin,
	}) => {
		await adminConsole(admin);
		const tag = Date.now().toString(36);
		const email = `streams-${tag}@e2e.test`;
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

		await editor.getByRole('link', { name: 'Stream catalogue' }).click();
		await expect(editor).toHaveURL(/\/en\/cms\/streams$/);
		await editor.getByRole('link', { name: 'New stream' }).click();

		const id = `goals-${tag}`;
		const evil = `<script>window.pwned=1</script><img src=x onerror="window.pwned=1"> ${tag}`;
		const german = `Tore der Woche ${tag}`;
		await editor.getByLabel('Address name').fill(id);
		await editor.getByLabel('Kind').selectOption('highlight');
		// A script address is refused, naming the field, with the form kept.
		await editor.getByLabel('HLS source').fill('javascript:alert(1)');
		await editor.getByLabel('Title (en)').fill(evil);
		await editor.getByRole('button', { name: 'Create the stream' }).click();
		await expect(editor.getByTestId('stream-problem')).toContainText('HLS source must be');
		await expect(editor.getByLabel('Title (en)')).toHaveValue(evil);

		await editor.getByLabel('HLS source').fill('demo-highlight/index.m3u8');
		await editor.locator('details[data-locale="de"] summary').click();
		await editor.getByLabel('Title (de)').fill(german);
		await editor.getByLabel('Description (de)').fill('Alle Tore, kurz und knapp.');
		const manifest = editor.waitForResponse(
			(r) => r.url().includes(`/media/${id}/index.m3u8`) && r.url().includes('preview=1'),
		);
		await editor.getByRole('button', { name: 'Create the stream' }).click();
		await expect(editor).toHaveURL(new RegExp(`/en/cms/streams/${id}\\?done=save$`));
		await expect(editor.getByTestId('stream-done')).toBeVisible();
		// The preview plays through a URL signed for the editor.
		expect((await manifest).status()).toBe(200);
		await expect(editor.getByTestId('stream-preview').locator('video')).toBeVisible();
		expect(await axeViolations(editor)).toEqual([]);

		// The list shows the title as text, never as markup.
		await editor.goto('/en/cms/streams?kind=highlight');
		await expect(editor.getByTestId('cms-streams-list')).toContainText(evil);
		expect(await axeViolations(editor)).toEqual([]);

		const visitor = await (await browser.newContext()).newPage();
		await visitor.goto('/de/highlight');
		const card = visitor.locator('.stream-card', { hasText: german });
		await expect(card).toBeVisible();
		await expect(card).toContainText('Alle Tore, kurz und knapp.');
		await expect(card.locator('.note')).toHaveCount(0);
		await visitor.goto('/fr/highlight');
		const fr = visitor.locator('.stream-card', { hasText: tag });
		await expect(fr.locator('.title')).toHaveText(evil);
		await expect(fr.locator('.title')).toHaveAttribute('lang', 'en');
		await expect(fr.locator('.note')).toContainText('Affiché en English');
		for (const p of [editor, visitor])
			expect(await p.evaluate(() => (window as { pwned?: number }).pwned)).toBeUndefined();
		await expect(visitor.locator('.stream-card img')).toHaveCount(0);

		// Deleted again (on no match, so allowed): the catalogue of later tests stays as seeded.
		await editor.goto(`/en/cms/streams/${id}`);
		await editor.getByRole('button', { name: 'Delete the stream' }).click();
		await expect(editor).toHaveURL(/\/en\/cms\/streams\?done=delete$/);
		await visitor.goto('/de/highlight');
		await expect(visitor.locator('.stream-card', { hasText: german })).toHaveCount(0);
	});

	test('the API refuses an unknown plan (400 naming it) and a cross-site cookie call', async ({
		page,
	}) => {
		const bearer = await adminBearer(page);
		const made = await page.request.post('/api/cms/streams', {
			headers: bearer,
			data: {
				id: `x-${Date.now().toString(36)}`,
				kind: 'movie',
				title: 'x',
				plans: ['no-such-plan'],
				countries: null,
				hlsSource: 'demo-movie/index.m3u8',
			},
		});
		expect(made.status()).toBe(400);
		expect((await made.json()).fields).toEqual(['plans']);
		// A cookie call from another site is refused before anything is read.
		const cross = await page.request.post('/api/cms/streams', {
			headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
			data: {},
		});
		expect(cross.status()).toBeGreaterThanOrEqual(401);
		expect(cross.status()).toBeLessThan(404);
	});
});
