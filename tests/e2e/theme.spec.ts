import { type Browser, expect, type Page, test } from '@playwright/test';
import { axeViolations } from './axe';

/**
 * The manual theme switch (issue 12's design system): a choice in the header overrides the
 * system's colour scheme, is remembered across pages, and works without JavaScript (the
 * static pages run none). Colours are read from the page, not from the markup alone.
 */

const DARK_BG = 'rgb(13, 17, 23)';
const LIGHT_BG = 'rgb(246, 247, 249)';

const background = (page: Page) =>
	page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Opens the header's theme menu (unless open) and picks `theme`: a form post, then back. */
async function choose(page: Page, theme: 'system' | 'light' | 'dark'): Promise<void> {
	if ((await page.locator('.theme[open]').count()) === 0)
		await page.locator('.theme summary').click();
	// The page the endpoint redirected back to (its request was redirected from /api/theme).
	const back = page.waitForResponse(
		(r) => r.request().resourceType() === 'document' && r.request().redirectedFrom() !== null,
	);
	await page.locator(`.theme button[data-theme-choice="${theme}"]`).click();
	await back;
	await page.waitForLoadState('load');
}

async function contextFor(
	browser: Browser,
	colorScheme: 'light' | 'dark',
	javaScriptEnabled = true,
	width = 1366,
) {
	return browser.newContext({
		colorScheme,
		javaScriptEnabled,
		viewport: { width, height: 900 },
		reducedMotion: 'reduce',
	});
}

test('with no choice the page follows the system: light, then dark', async ({ browser }) => {
	for (const [scheme, bg] of [
		['light', LIGHT_BG],
		['dark', DARK_BG],
	] as const) {
		const context = await contextFor(browser, scheme);
		const page = await context.newPage();
		await page.goto('/en/faq');
		await expect(page.locator('html')).not.toHaveAttribute('data-theme');
		expect(await background(page)).toBe(bg);
		await context.close();
	}
});

test('dark chosen on a light-preferring browser renders dark, on every page after, and axe passes', async ({
	browser,
}) => {
	const context = await contextFor(browser, 'light');
	const page = await context.newPage();
	await page.goto('/en/league');
	expect(await background(page)).toBe(LIGHT_BG);
	await choose(page, 'dark');
	// Back on the page it was chosen on, dark from the server's first byte.
	expect(new URL(page.url()).pathname).toBe('/en/league');
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
	expect(await background(page)).toBe(DARK_BG);
	await expect(page.locator('.theme button[data-theme-choice="dark"]')).toHaveAttribute(
		'aria-pressed',
		'true',
	);
	// Remembered: other pages, static and interactive, a fresh load each.
	for (const path of ['/en/faq', '/en/live-matches', '/de/pricing', '/en/team/argentina']) {
		await page.goto(path);
		await expect(page.locator('html'), path).toHaveAttribute('data-theme', 'dark');
		expect(await background(page), path).toBe(DARK_BG);
		expect(await axeViolations(page), path).toEqual([]);
	}
	// The header with its menu open passes too (the switch's own colours).
	await page.locator('.theme summary').click();
	expect(await axeViolations(page)).toEqual([]);
	// "System" hands the choice back to the browser.
	await choose(page, 'system');
	await expect(page.locator('html')).not.toHaveAttribute('data-theme');
	expect(await background(page)).toBe(LIGHT_BG);
	await context.close();
});

test('light chosen on a dark-preferring phone renders light, remembered, and axe passes', async ({
	browser,
}) => {
	const context = await contextFor(browser, 'dark', true, 390);
	const page = await context.newPage();
	await page.goto('/en');
	expect(await background(page)).toBe(DARK_BG);
	await choose(page, 'light');
	await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
	expect(await background(page)).toBe(LIGHT_BG);
	for (const path of ['/en/hot-matches', '/en/terms']) {
		await page.goto(path);
		expect(await background(page), path).toBe(LIGHT_BG);
		expect(await axeViolations(page), path).toEqual([]);
	}
	await page.locator('.theme summary').click();
	expect(await axeViolations(page)).toEqual([]);
	await context.close();
});

test('the switch works without JavaScript (static pages run none)', async ({ browser }) => {
	const context = await contextFor(browser, 'light', false);
	const page = await context.newPage();
	await page.goto('/fr/faq');
	await choose(page, 'dark');
	expect(new URL(page.url()).pathname).toBe('/fr/faq');
	expect(await background(page)).toBe(DARK_BG);
	await page.goto('/fr/about-us');
	expect(await background(page)).toBe(DARK_BG);
	await context.close();
});

test('the endpoint over HTTP: back on the site only, never from another site, 400 on bad input', async ({
	request,
	baseURL,
}) => {
	const post = (form: Record<string, string>, origin = baseURL!) =>
		request.post('/api/theme', { form, headers: { Origin: origin }, maxRedirects: 0 });
	for (const next of ['/。evil.com', '//evil.com', 'https://evil.com/']) {
		const response = await post({ theme: 'dark', next });
		expect(response.status(), next).toBe(303);
		expect(response.headers().location, next).toBe('/');
	}
	const crossSite = await post({ theme: 'dark', next: '/en' }, 'https://evil.example');
	expect(crossSite.status()).toBe(403);
	expect(crossSite.headers()['set-cookie']).toBeUndefined();
	const bad = await post({ theme: 'sepia', next: '/en' });
	expect(bad.status()).toBe(400);
	expect(await bad.json()).toMatchObject({ field: 'theme' });
});
