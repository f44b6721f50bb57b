import { expect, test, type Page } from '@playwright/test';

/**
 * Client navigation (issue 12; spec: progress bar, scroll to top, hash targets, manual
 * scroll restoration): interactive pages move among themselves without a reload, so the
 * live stream carries on; static pages are documents, with no script at all.
 */
const mark = (page: Page) =>
	page.evaluate(() => {
		(window as unknown as { marker?: number }).marker = 1;
	});
const marked = (page: Page) =>
	page.evaluate(() => (window as unknown as { marker?: number }).marker === 1);
const headerLink = (page: Page, name: string) =>
	page.locator('header nav.main-nav').getByRole('link', { name, exact: true });

test('between interactive pages: no reload, one live stream kept across the change', async ({
	page,
}) => {
	const streams: string[] = [];
	page.on('request', (r) => {
		if (new URL(r.url()).pathname === '/api/live') streams.push(r.url());
	});
	await page.goto('/en/live-matches');
	await expect(page.locator('.live-list')).toBeVisible();
	await expect.poll(() => streams.length).toBe(1);
	await mark(page);
	await headerLink(page, 'Home').click();
	await expect(page).toHaveURL(/\/en\/?$/);
	await headerLink(page, 'Live').click();
	await expect(page).toHaveURL(/\/en\/live-matches$/);
	await expect(page.locator('h1, h2').first()).toBeVisible();
	expect(await marked(page)).toBe(true);
	// Longer than the store's linger: a closed-and-reopened stream would show by now.
	await page.waitForTimeout(6000);
	expect(streams).toHaveLength(1);
	await expect(headerLink(page, 'Live')).toHaveAttribute('aria-current', 'page');
});

test('to a static page: a document load, and that page runs no script', async ({ page }) => {
	await page.goto('/en/live-matches');
	await mark(page);
	await headerLink(page, 'Leagues').click();
	await expect(page).toHaveURL(/\/en\/league$/);
	await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	expect(await marked(page)).toBe(false);
	expect(await page.locator('script[src], script[type="module"]').count()).toBe(0);
});

test('a slow navigation shows the progress bar, which fills and hides', async ({ page }) => {
	await page.goto('/en/live-matches');
	await page.route('**/en', async (route) => {
		await new Promise((r) => setTimeout(r, 1500));
		await route.continue();
	});
	const bar = page.locator('#nav-progress');
	await expect(bar).toBeHidden();
	await headerLink(page, 'Home').click();
	await expect(bar).toBeVisible();
	await expect
		.poll(async () => Number(await bar.getAttribute('aria-valuenow')))
		.toBeGreaterThan(10);
	await expect(page).toHaveURL(/\/en\/?$/);
	await expect(bar).toBeHidden();
});

test('a new page starts at the top; back restores where the visitor was', async ({ page }) => {
	await page.setViewportSize({ width: 1366, height: 500 });
	await page.goto('/en/live-matches');
	await page.evaluate(() => window.scrollTo(0, 400));
	await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(400);
	await page.evaluate(() => {
		// Clicked from where the visitor scrolled to (the header is not sticky).
		document.querySelector<HTMLAnchorElement>('header nav.main-nav a[href="/en"]')!.click();
	});
	await expect(page).toHaveURL(/\/en\/?$/);
	await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
	await page.goBack();
	await expect(page).toHaveURL(/\/en\/live-matches$/);
	await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(400);
});

test('forms stay document posts (they may redirect elsewhere): the theme switch', async ({
	page,
}) => {
	await page.goto('/en/live-matches');
	const post = page.waitForRequest(
		(r) => r.method() === 'POST' && new URL(r.url()).pathname === '/api/theme',
	);
	await page.locator('header details.theme summary').click();
	await page.locator('header form[action="/api/theme"] button[value="dark"]').click();
	expect((await post).resourceType()).toBe('document');
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
});
