import { expect, type Page, test } from '@playwright/test';
import { registerAndLogIn } from './members';

/**
 * The offline worker changes no state and keeps nothing private (issue 27, defect 7): its
 * background precaching fetched every locale's offline page with the visitor's cookies, so
 * the language cookie ended on the last locale fetched (ru) and `/` sent an English
 * visitor to /ru; and it kept signed-in `private, no-store` pages, served after logout.
 */
const slow = expect.configure({ timeout: 20_000 });

async function workerReady(page: Page): Promise<void> {
	await page.evaluate(() => navigator.serviceWorker.ready);
	await slow
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
		.toBe(true);
}

/** Every path in the worker's caches (precache included). */
function cachedPaths(page: Page): Promise<string[]> {
	return page.evaluate(async () => {
		const paths: string[] = [];
		for (const name of await caches.keys())
			for (const r of await (await caches.open(name)).keys()) paths.push(new URL(r.url).pathname);
		return paths;
	});
}

test('a first visit in English stays English after the worker precaches every locale', async ({
	browser,
	baseURL,
}) => {
	const context = await browser.newContext({ baseURL });
	const page = await context.newPage();
	await page.goto('/en');
	await workerReady(page);
	// The precache holds the offline page of every locale once installed.
	await slow
		.poll(async () => (await cachedPaths(page)).filter((p) => p.endsWith('/offline')).length)
		.toBeGreaterThan(5);
	const cookie = (await context.cookies()).find((c) => c.name === 'i18n_redirected');
	expect(cookie?.value).toBe('en');
	await page.goto('/');
	await expect(page).toHaveURL(/\/en$/);
	await page.goto('/pricing');
	await expect(page).toHaveURL(/\/en\/pricing$/);
	await context.close();
});

test('a signed-in page is never kept by the worker, and logout drops what it kept', async ({
	browser,
	baseURL,
}) => {
	test.setTimeout(90_000);
	const context = await browser.newContext({ baseURL });
	const page = await context.newPage();
	// As a guest: a public page opened under the worker's control is kept (it does cache).
	// An interactive page: static ones carry no script, so they register no worker.
	const LEAGUE = '/en/league/premier-league';
	await page.goto(LEAGUE);
	await workerReady(page);
	await page.goto(LEAGUE);
	await slow.poll(() => cachedPaths(page)).toContain(LEAGUE);

	await registerAndLogIn(page, { name: 'Private Fan', prefix: 'sw' });

	// Signed in, every page is `private, no-store` (it carries the member's header): none is
	// kept, however it was opened.
	const response = await page.goto('/en/live-games');
	expect(response?.headers()['cache-control']).toContain('no-store');
	await expect(page.locator('main')).toBeVisible();
	await page.goto('/en/team/argentina');
	const kept = await cachedPaths(page);
	expect(kept).not.toContain('/en/live-games');
	expect(kept).not.toContain('/en/team/argentina');
	expect(kept).not.toContain('/en/account');

	// Logout (the account page's button): the page cache goes with the session, the guest's
	// copy of the league included.
	await page.goto('/en/account');
	await page.getByTestId('logout').click();
	await page.waitForURL((url) => !url.pathname.includes('/account'));
	await slow.poll(() => cachedPaths(page)).not.toContain(LEAGUE);

	// Offline, the private page is not served from anywhere: the offline page answers.
	await context.setOffline(true);
	await page.goto('/en/live-games').catch(() => null);
	await expect(page.locator('body')).not.toContainText('Private Fan');
	await context.close();
});
