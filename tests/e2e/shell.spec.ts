import { expect, test } from '@playwright/test';

// The site shell in a real Chromium: language redirects and cookie, the switcher, 404 and
// error pages, phone-sized layout.

test.describe('language routing', () => {
	test('root redirects by browser language when there is no cookie', async ({ browser }) => {
		const context = await browser.newContext({ locale: 'de-DE' });
		const page = await context.newPage();
		await page.goto('/');
		await expect(page).toHaveURL(/\/de$/);
		await expect(page.locator('html')).toHaveAttribute('lang', 'de-DE');
		await context.close();
	});

	test('the cookie wins over the browser language, and an unprefixed page follows it', async ({
		browser,
		baseURL,
	}) => {
		const context = await browser.newContext({ locale: 'de-DE' });
		await context.addCookies([{ name: 'i18n_redirected', value: 'fr', url: baseURL! }]);
		const page = await context.newPage();
		await page.goto('/');
		await expect(page).toHaveURL(/\/fr$/);
		await page.goto('/faq');
		await expect(page).toHaveURL(/\/fr\/faq$/);
		await context.close();
	});

	test('an unprefixed page without cookie goes to English, whatever the browser says', async ({
		browser,
	}) => {
		const context = await browser.newContext({ locale: 'it-IT' });
		const page = await context.newPage();
		await page.goto('/terms');
		await expect(page).toHaveURL(/\/en\/terms$/);
		await context.close();
	});

	test('/en and /en/home are the home page', async ({ page }) => {
		for (const path of ['/en', '/en/home']) {
			const response = await page.goto(path);
			expect(response?.status()).toBe(200);
			await expect(page).toHaveTitle(/Online football streaming, schedule and scores/);
		}
	});

	test('the switcher lands on the same page in the new language and saves the cookie', async ({
		page,
		context,
	}) => {
		await page.goto('/en/faq');
		await page.locator('details.lang summary').click();
		await page.locator('details.lang a[data-locale="nl"]').click();
		await expect(page).toHaveURL(/\/nl\/faq$/);
		await expect(page.locator('html')).toHaveAttribute('lang', 'nl-NL');
		const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
		expect(cookie?.value).toBe('nl');
		expect(cookie?.sameSite).toBe('Lax');
		expect(cookie?.secure).toBe(false);
		expect(cookie?.path).toBe('/');
		const days = (cookie!.expires - Date.now() / 1000) / 86400;
		expect(days).toBeGreaterThan(364);
		expect(days).toBeLessThan(366);
		// The saved choice now drives the root redirect.
		await page.goto('/');
		await expect(page).toHaveURL(/\/nl$/);
	});
});

test.describe('errors', () => {
	for (const path of [
		'/en/no-such-page',
		'/xx/faq',
		'/matches/en/123',
		'/energy/en/about',
		'/en/guides/NOPE',
	]) {
		test(`${path} answers 404 inside the layout`, async ({ page }) => {
			const response = await page.goto(path);
			expect(response?.status()).toBe(404);
			expect(response?.headers()['location']).toBeUndefined();
			await expect(page.locator('main h1')).toHaveText('This page could not be found');
			await expect(page.locator('header nav')).toBeVisible();
		});
	}

	test('the 404 page speaks the visitor language', async ({ page }) => {
		const response = await page.goto('/es/pagina-inexistente');
		expect(response?.status()).toBe(404);
		await expect(page.locator('html')).toHaveAttribute('lang', 'es-ES');
		await expect(page.locator('main h1')).not.toHaveText('This page could not be found');
		await expect(page.locator('main')).toContainText('This page could not be found');
	});

	test('a failing page shows the generic error page without a stack trace', async ({ page }) => {
		const response = await page.goto('/en/test-fault');
		expect(response?.status()).toBe(500);
		await expect(page.locator('main a[href="/en"]')).toBeVisible();
		const html = await page.content();
		expect(html).not.toContain('Injected failure');
		expect(html).not.toMatch(/at .*\.mjs:\d+/);
	});

	test('a failing error page shows the last-resort text', async ({ page }) => {
		const response = await page.goto('/en/test-fault?where=error-page');
		expect(response?.status()).toBe(500);
		await expect(page.locator('h1')).toHaveText('An error occurred while showing the error page');
		await expect(page.getByRole('link', { name: 'Go back to home' })).toHaveAttribute('href', '/');
	});
});

test.describe('phone-sized screens', () => {
	test.use({ viewport: { width: 360, height: 740 } });
	for (const path of ['/en', '/en/faq', '/ru/faq', '/de']) {
		test(`${path} has no horizontal scrolling at 360 px`, async ({ page }) => {
			await page.goto(path);
			const overflow = await page.evaluate(
				() => document.documentElement.scrollWidth - document.documentElement.clientWidth,
			);
			expect(overflow).toBeLessThanOrEqual(0);
		});
	}

	// Issue 12: the ten-item strip scrolled six items off-screen with no affordance.
	test('a bottom bar shows four sections and "More", which opens the other six', async ({
		page,
	}) => {
		await page.goto('/en/tv');
		await expect(page.locator('header nav.main-nav')).toBeHidden();
		const bar = page.getByRole('navigation', { name: 'Main navigation' });
		await expect(bar.locator(':scope > ul > li')).toHaveCount(5);
		for (const name of ['Live', 'Matches', 'Leagues', 'Teams']) {
			await expect(bar.getByRole('link', { name, exact: true })).toBeInViewport();
		}
		const more = bar.locator('summary');
		await expect(more).toHaveText('More');
		await expect(more).toHaveClass(/current/);
		await more.press('Enter');
		for (const name of ['Home', 'Hot matches', 'Highlights', 'TV', 'Movies', 'Pricing']) {
			await expect(bar.getByRole('link', { name, exact: true })).toBeInViewport();
		}
		await expect(bar.getByRole('link', { name: 'TV', exact: true })).toHaveAttribute(
			'aria-current',
			'page',
		);
		await bar.getByRole('link', { name: 'Movies', exact: true }).click();
		await expect(page).toHaveURL(/\/en\/movies$/);
	});

	test('on the home page no tab of the bottom bar is marked, "More" included', async ({ page }) => {
		await page.goto('/en');
		const bar = page.getByRole('navigation', { name: 'Main navigation' });
		await expect(bar.locator('summary')).toBeVisible();
		await expect(bar.locator('summary')).not.toHaveClass(/current/);
		await expect(bar.locator(':scope > ul > li > a[aria-current]')).toHaveCount(0);
	});
});

test('desktop keeps the full strip of ten sections and no bottom bar', async ({ page }) => {
	await page.setViewportSize({ width: 1366, height: 900 });
	await page.goto('/en');
	const strip = page.locator('header nav.main-nav');
	await expect(strip.getByRole('link')).toHaveCount(10);
	await expect(page.locator('nav.tab-bar')).toBeHidden();
});

test.describe('keyboard', () => {
	test('the skip link is the first stop and has a visible focus', async ({ page }) => {
		await page.goto('/en/faq');
		await page.keyboard.press('Tab');
		const focused = page.locator(':focus');
		await expect(focused).toHaveAttribute('href', '#main');
		await expect(focused).toBeVisible();
		const outline = await focused.evaluate((el) => getComputedStyle(el).outlineStyle);
		expect(outline).not.toBe('none');
	});
});

test('the 404 page of a route that answered 404 keeps its styles (CSP is the page own)', async ({
	page,
}) => {
	const response = await page.goto('/en/guides/NOPE');
	expect(response?.status()).toBe(404);
	const csp = response?.headers()['content-security-policy'] ?? '';
	expect(csp).not.toContain("default-src 'none'");
	const background = await page.locator('body').evaluate((el) => getComputedStyle(el).display);
	expect(background).toBe('flex');
});

test.describe('client behaviour', () => {
	test('lazy images carry lazyLoad, then isLoaded once loaded', async ({ page }) => {
		await page.goto('/en/home-2025-08-16');
		const crest = page.locator('img.lazyLoad').first();
		await expect(crest).toBeVisible();
		await expect(crest).toHaveClass(/\bisLoaded\b/);
		await expect(crest).not.toHaveClass(/\bisLoading\b/);
	});

	test('interactive pages say when the browser goes offline, and when it is back', async ({
		page,
		context,
	}) => {
		await page.goto('/en/live-matches');
		const banner = page.locator('#offline-banner');
		await expect(banner).toBeHidden();
		await context.setOffline(true);
		await expect(banner).toBeVisible();
		await expect(page.locator('html')).toHaveAttribute('data-online', 'false');
		await context.setOffline(false);
		await expect(banner).toBeHidden();
	});
});
