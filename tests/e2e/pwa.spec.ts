import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { startSite, waitFor, type Site } from '../helpers/site-process';

/**
 * The installable, offline app against its own server process (port 4532 unless
 * PWA_E2E_PORT says otherwise), so that "offline" is real: the server is killed, and a
 * "new build" is a second copy of the build whose worker differs.
 */
const PORT = process.env.PWA_E2E_PORT ?? '4532';
const BUILD = process.env.ASTRO_OUT_DIR ?? 'dist';

// Two server starts (each imports the football data) on a shared machine: generous.
test.describe.configure({ mode: 'serial', timeout: 420_000 });
const slow = expect.configure({ timeout: 20_000 });

async function start(dir: string): Promise<Site> {
	const site = await startSite({
		PORT,
		ASTRO_OUT_DIR: dir,
		SITE_URL: `http://127.0.0.1:${PORT}`,
		DATA_DIR: '.data/e2e-pwa',
	});
	await waitFor(site, '/robots.txt');
	return site;
}

async function workerControls(page: Page): Promise<void> {
	await page.evaluate(() => navigator.serviceWorker.ready);
	await expect
		.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null))
		.toBe(true);
}

test('installable, readable offline, and a new version is announced', async ({ browser }) => {
	const origin = `http://127.0.0.1:${PORT}`;
	let site = await start(BUILD);
	const context = await browser.newContext({ baseURL: origin });
	const page = await context.newPage();
	// Inside the project, so that the copy's server finds node_modules.
	mkdirSync('.data', { recursive: true });
	const newBuild = mkdtempSync(join('.data', 'pwa-build-'));
	try {
		// Install criteria: a valid manifest in the page's language, icons, a worker.
		await page.goto('/fr/team/argentina');
		const manifestResponse = await page.request.get('/fr/manifest.webmanifest');
		expect(manifestResponse.headers()['content-type']).toContain('application/manifest+json');
		const manifest = (await manifestResponse.json()) as {
			start_url: string;
			short_name: string;
			display: string;
			icons: { src: string; sizes: string; purpose: string }[];
			shortcuts: { url: string }[];
		};
		expect(manifest).toMatchObject({
			start_url: '/fr',
			display: 'standalone',
			short_name: 'Matchday',
		});
		expect(manifest.shortcuts.map((s) => s.url)).toEqual(['/fr/live-matches', '/fr#my-matches']);
		for (const icon of manifest.icons) {
			const png = await page.request.get(icon.src);
			expect(png.headers()['content-type'], icon.src).toBe('image/png');
			const body = await png.body();
			const size = `${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`;
			expect(size, icon.src).toBe(icon.sizes);
		}
		await workerControls(page);
		const cdp = await context.newCDPSession(page);
		const app = (await cdp.send('Page.getAppManifest')) as { errors: unknown[]; url: string };
		expect(app.url).toBe(`${origin}/fr/manifest.webmanifest`);
		expect(app.errors).toEqual([]);
		const installability = (await cdp.send('Page.getInstallabilityErrors')) as {
			installabilityErrors: { errorId: string }[];
		};
		// Playwright's contexts are off-the-record profiles, which Chromium never installs
		// from; every criterion of the site itself must hold.
		expect(installability.installabilityErrors.filter((e) => e.errorId !== 'in-incognito')).toEqual(
			[],
		);
		const sw = await page.request.get('/sw.js');
		expect(sw.headers()['cache-control']).toBe('no-cache');

		// Follow a team: its page is kept for offline reading.
		await page.goto('/en/team/argentina');
		await page.getByTestId('follow-button').click();
		await slow(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
		await expect
			.poll(() =>
				page.evaluate(async () => {
					const cache = await caches.open('matchday-pages-v1');
					return (await cache.keys()).map((r) => new URL(r.url).pathname);
				}),
			)
			.toContain('/en/team/argentina');
		// Neither the API nor media ever reach a cache.
		const cachedUrls = await page.evaluate(async () => {
			const urls: string[] = [];
			for (const name of await caches.keys()) {
				for (const r of await (await caches.open(name)).keys()) urls.push(new URL(r.url).pathname);
			}
			return urls;
		});
		expect(cachedUrls.filter((u) => u.startsWith('/api/') || u.startsWith('/media/'))).toEqual([]);

		// The network goes away: the server is killed.
		await site.stop();
		await page.goto('/en/team/argentina');
		await slow(page.getByRole('heading', { level: 1 })).toContainText('Argentina');
		await slow(page.getByRole('heading', { name: 'Results' })).toBeVisible();
		const note = page.locator('#saved-copy');
		await slow(note).toBeVisible();
		await slow(note).toContainText('Saved copy from');
		await slow(note).not.toContainText('{{time}}');
		// A page never opened: the offline page, in the visitor's language.
		await page.goto('/de/team/brazil');
		await slow(page.getByRole('heading', { level: 1 })).toHaveText('Du bist offline');

		// A new build: the same site whose worker script differs.
		cpSync(BUILD, newBuild, { recursive: true });
		const swPath = join(newBuild, 'client', 'sw.js');
		writeFileSync(swPath, `${readFileSync(swPath, 'utf8')}\n// next build\n`);
		site = await start(newBuild);
		await page.goto('/en/team/argentina');
		const banner = page.locator('#update-banner');
		await expect(banner).toBeVisible({ timeout: 30_000 });
		await slow(banner).toContainText('A new version is available');
		await slow(page.locator('#saved-copy')).toBeHidden();
		await page.getByRole('button', { name: 'Reload' }).click();
		await page.waitForEvent('load');
		await slow(page.locator('#update-banner')).toBeHidden();
	} finally {
		await context.close();
		await site.stop();
		rmSync(newBuild, { recursive: true, force: true });
	}
});
