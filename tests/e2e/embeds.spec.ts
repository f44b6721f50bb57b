import { createServer, type Server } from 'node:http';
import { gzipSync } from 'node:zlib';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { liveMatches } from './live-matches';
import { adminBearer, LIVE_MS } from './staff';

// Widgets on someone else's site: a tiny host page served from another local origin (its
// own port) embeds them through the code the builder (/widget) gives to copy.

const HOST_PORT = Number(process.env.E2E_PORT ?? 4399) + 7;
const HOST = `http://127.0.0.1:${HOST_PORT}`;
let server: Server;
let hostPage = '';

test.beforeAll(async () => {
	server = createServer((_req, res) => {
		res.setHeader('Content-Type', 'text/html; charset=utf-8');
		res.end(hostPage);
	});
	await new Promise<void>((resolve) => server.listen(HOST_PORT, '127.0.0.1', resolve));
});
test.afterAll(async () => {
	await new Promise<void>((resolve) => server.close(() => resolve()));
});

/** One choice of each kind, as builder query strings. */
const CHOICES: Record<string, string> = {
	scores: 'kind=scores&competition=',
	match: 'kind=match',
	table: 'kind=table&competition=world-cup&group=Group+C&team=brazil&theme=dark&accent=%23d97706',
	fixtures: 'kind=fixtures&team=argentina&competition=',
	form: 'kind=form&team=argentina&theme=light',
	lineup: 'kind=lineup',
};

/** The code the builder gives to copy for a choice (what a site owner pastes). */
async function copiedSnippet(page: Page, query: string): Promise<string> {
	await page.goto(`/en/widget?${query}`);
	const code = await page.locator('#widget-code').inputValue();
	expect(code).toContain('<iframe src="http://127.0.0.1:');
	return code;
}

function host(body: string): string {
	return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Club blog</title></head><body style="max-width:700px;margin:2rem auto"><h1>Our club blog</h1>${body}<p>After the widgets.</p></body></html>`;
}

test.describe('widgets on another site', () => {
	test.setTimeout(90_000);

	test('each kind, pasted from the builder, resizes its frame to its content (no inner scrollbar)', async ({
		page,
	}) => {
		const snippets: string[] = [];
		for (const query of Object.values(CHOICES)) snippets.push(await copiedSnippet(page, query));
		hostPage = host(snippets.join('\n<p>Between widgets.</p>\n'));
		// The builder is our own page (it remembers the language); the widgets must add nothing.
		await page.context().clearCookies();
		await page.goto(`${HOST}/`);
		const frames = page.locator('iframe');
		await expect(frames).toHaveCount(snippets.length);
		const heights: number[] = [];
		for (let i = 0; i < snippets.length; i++) {
			const frame = frames.nth(i);
			await frame.scrollIntoViewIfNeeded();
			// The snippet says 420px; the loader sets the widget's own height.
			await expect
				.poll(async () => frame.evaluate((f) => (f as HTMLIFrameElement).style.height), {
					timeout: 20_000,
				})
				.not.toBe('420px');
			const inner = await (await frame.elementHandle())!.contentFrame();
			const fit = await inner!.evaluate(() => ({
				overflow: document.documentElement.scrollHeight - window.innerHeight,
				widget: document.querySelector('.embed-root')?.getBoundingClientRect().height ?? 0,
			}));
			expect(fit.overflow, Object.keys(CHOICES)[i]).toBeLessThanOrEqual(1);
			expect(fit.widget).toBeGreaterThan(40);
			heights.push(
				Number.parseFloat(await frame.evaluate((f) => (f as HTMLIFrameElement).style.height)),
			);
		}
		// Each frame got its own height.
		expect(new Set(heights).size).toBeGreaterThan(3);
		// Nothing of ours set a cookie, in the frames or through them.
		expect(await page.context().cookies('http://127.0.0.1')).toEqual([]);
	});

	test('the frame works alone when the host page blocks scripts', async ({ page }) => {
		const snippet = await copiedSnippet(page, CHOICES.form!);
		hostPage = host(snippet.replace(/<script[^>]*><\/script>/, ''));
		await page.goto(`${HOST}/`);
		const inner = await (await page.locator('iframe').elementHandle())!.contentFrame();
		await expect(inner!.locator('.embed-root h1')).toContainText('Argentina');
	});

	test("kick-off times follow the host visitor's time zone, without a cookie", async ({
		browser,
		baseURL,
	}) => {
		const context = await browser.newContext({ baseURL, timezoneId: 'Asia/Tokyo' });
		const page = await context.newPage();
		await page.goto('/en/embed/fixtures?team=argentina');
		const time = page.locator('time[data-kickoff="time"]').first();
		const iso = (await time.getAttribute('datetime'))!;
		const tokyo = new Intl.DateTimeFormat('en-GB', {
			hour: '2-digit',
			minute: '2-digit',
			timeZone: 'Asia/Tokyo',
		}).format(new Date(iso));
		await expect(time).toHaveText(tokyo);
		await expect(page.locator('[data-utc-label]')).toHaveText('Times in your time zone');
		expect(await context.cookies()).toEqual([]);
		await context.close();
	});

	test('a page that is not a widget refuses to be framed', async ({ page, request, baseURL }) => {
		const widget = await request.get('/en/widget');
		expect(widget.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
		expect(widget.headers()['x-frame-options']).toBe('DENY');
		const base = new URL(baseURL!).origin;
		hostPage = host(
			`<iframe id="page" src="${base}/en/widget"></iframe><iframe id="embed" src="${base}/en/embed/form/argentina"></iframe>`,
		);
		await page.goto(`${HOST}/`);
		const embed = await (await page.locator('#embed').elementHandle())!.contentFrame();
		await expect(embed!.locator('.embed-root')).toBeVisible();
		const blocked = await (await page.locator('#page').elementHandle())!.contentFrame();
		// Chromium shows its own error document instead of ours.
		await expect(blocked!.locator('#widget-builder')).toHaveCount(0);
		await expect(blocked!.locator('h1', { hasText: 'Embeddable widgets' })).toHaveCount(0);
	});

	test('embed responses carry no Set-Cookie, ignore session cookies and come from the route cache', async ({
		request,
	}) => {
		const paths = [
			'/en/embed/scores',
			'/de/embed/table/world-cup?group=Group+C',
			'/en/embed/form/argentina',
			'/fr/embed/fixtures?team=argentina',
			'/en/embed/lineup',
		];
		for (const path of paths) {
			// The replays running beside the suite change a match every few seconds, and each
			// change drops every cached list (LISTS_TAG): one repeat may land just after a drop.
			// A cached page answers HIT within a few repeats; one never cached, never.
			const answers: string[] = [];
			for (let i = 0; i < 6 && !answers.slice(1).includes('HIT'); i++) {
				const res = await request.get(path, {
					headers: {
						cookie: 'auth.access=not-a-token; auth.refresh=nope; i18n_redirected=it; tz=Asia/Tokyo',
						'accept-encoding': 'gzip',
					},
				});
				expect(res.status(), path).toBe(200);
				expect(res.headers()['set-cookie'], path).toBeUndefined();
				expect(res.headers()['content-security-policy']).toMatch(/frame-ancestors \*/);
				expect(res.headers()['x-frame-options']).toBeUndefined();
				expect(await res.text()).toContain('name="robots" content="noindex');
				answers.push(res.headers()['x-cache'] ?? '');
				if (path === '/en/embed/lineup' && i === 1) break;
			}
			if (path !== '/en/embed/lineup') expect(answers.slice(1), path).toContain('HIT');
		}
		const loader = await request.get('/embed.js');
		expect(loader.headers()['cross-origin-resource-policy']).toBe('cross-origin');
		expect((await loader.body()).byteLength).toBeLessThan(2048);
	});

	test('bad addresses give a small message in the requested language, 400 or 404', async ({
		request,
	}) => {
		const cases: [string, number, RegExp][] = [
			['/de/embed/scores?theme=pink', 400, /Die Adresse dieses Widgets ist falsch: theme/],
			[
				'/fr/embed/form/argentina?accent=red',
				400,
				/L'adresse de ce widget est incorrecte : accent/,
			],
			['/en/embed/match/999999', 404, /Nothing to show: unknown id/],
			['/es/embed/table/no-such-league', 404, /Nada que mostrar/],
			['/en/embed/lineup/nope', 404, /unknown id/],
			['/xx/embed/scores', 404, /unknown locale/],
			['/en/embed/fixtures', 400, /team/],
		];
		for (const [path, status, text] of cases) {
			const res = await request.get(path);
			expect(res.status(), path).toBe(status);
			const html = (await res.text()).replace(/&#39;/g, "'");
			expect(html, path).toMatch(text);
			expect(html, path).toContain('class="embed-root"');
			// Not the site's full error page: no header, no footer.
			expect(html, path).not.toContain('<footer');
			expect(res.headers()['content-security-policy'], path).toMatch(/frame-ancestors \*/);
		}
	});

	test('size budget: HTML and JS under 15 KB compressed (static kinds), 25 KB (live kinds)', async ({
		request,
	}) => {
		const paths: [string, number][] = [
			['/en/embed/scores', 25_000],
			['/en/embed/table/world-cup?group=Group+C', 15_000],
			['/en/embed/form/argentina', 15_000],
			['/en/embed/fixtures?team=argentina', 15_000],
			['/en/embed/lineup', 15_000],
		];
		const id = await firstLiveMatch(request);
		paths.push([`/en/embed/match/${id}`, 25_000]);
		for (const [path, budget] of paths) {
			const html = await (await request.get(path)).text();
			let total = gzipSync(html).byteLength;
			const assets = [
				...html.matchAll(/<(?:script|link)[^>]+(?:src|href)="(\/_astro\/[^"]+\.(?:js|css))"/g),
			];
			for (const [, asset] of assets)
				total += gzipSync(await (await request.get(asset!)).body()).byteLength;
			expect(total, `${path}: ${total} bytes`).toBeLessThan(budget);
		}
	});

	test("a goal scored in the editors' console reaches a live match widget within 2 s; a match that starts joins the live scores widget", async ({
		page,
		browser,
		request,
	}) => {
		test.setTimeout(180_000);
		const admin = await (await browser.newContext()).newPage();
		const auth = await adminBearer(admin);
		const [id, later] = await matchesToScore(admin);
		expect(later).toMatch(/^\d+$/);
		try {
			const started = await request.post(`/api/cms/matches/${id}/status`, {
				headers: auth,
				data: { status: 'live', minute: 1 },
			});
			expect(started.status()).toBe(201);
			const match = await copiedSnippet(page, `kind=match&match=${id}`);
			const scores = await copiedSnippet(page, 'kind=scores&competition=&team=');
			hostPage = host(`${match}\n${scores}`);
			await page.goto(`${HOST}/`);
			const frames = page.locator('iframe');
			const one = (await (await frames.nth(0).elementHandle())!.contentFrame())!;
			const all = (await (await frames.nth(1).elementHandle())!.contentFrame())!;
			for (const f of [one, all])
				await expect(f.locator('[data-age]')).toContainText(/Updated \d+ (s|min) ago/, {
					timeout: 20_000,
				});
			await expect(one.locator('.teams .score')).toHaveText(/0\s*–\s*0/);
			// The goal goes through the console's API: the one write path, then the stream.
			const goal = await request.post(`/api/cms/matches/${id}/events`, {
				headers: auth,
				data: { type: 'goal', side: 'home', minute: 4, player: 'Widget Scorer' },
			});
			expect(goal.status()).toBe(201);
			await expect(one.locator('.teams .score')).toHaveText(/1\s*–\s*0/, { timeout: LIVE_MS });
			// A match the scores widget did not list kicks off: the widget takes it in by itself.
			await expect(all.locator(`[data-match-id="${later}"]`)).toHaveCount(0);
			const kickOff = await request.post(`/api/cms/matches/${later}/status`, {
				headers: auth,
				data: { status: 'live', minute: 1 },
			});
			expect(kickOff.status()).toBe(201);
			await expect(all.locator(`[data-match-id="${later}"]`)).toBeVisible({ timeout: 20_000 });
		} finally {
			// Both matches out of play again (not finished: no table counts them), even when an
			// assertion above failed: later tests take "the first live match" and expect a replay.
			// A match that kicked off cannot go back to scheduled (the state machine): abandoned.
			for (const m of [id, later])
				await request.post(`/api/cms/matches/${m}/status`, {
					headers: auth,
					data: { status: 'abandoned' },
				});
		}
		await admin.context().close();
	});

	test('live widgets follow the stream: a goal arrives without a reload, with the data age', async ({
		page,
		request,
	}) => {
		test.setTimeout(150_000);
		// Early enough in its replay that the match widget is still a live one when it loads
		// (a match already over is drawn without the live script, and without the data age).
		const id = await firstLiveMatch(request, 45);
		// The one-match widget and the live scores of every match, as a site would paste them.
		const match = await copiedSnippet(page, `kind=match&match=${id}`);
		const scores = await copiedSnippet(page, 'kind=scores&competition=&team=');
		hostPage = host(`${match}\n${scores}`);
		await page.goto(`${HOST}/`);
		const frames = page.locator('iframe');
		const one = await (await frames.nth(0).elementHandle())!.contentFrame();
		const all = await (await frames.nth(1).elementHandle())!.contentFrame();
		for (const f of [one!, all!]) {
			await f.evaluate(() => ((window as unknown as { marker: boolean }).marker = true));
			await expect(f.locator('[data-age]')).toContainText(/Updated \d+ (s|min) ago/, {
				timeout: 20_000,
			});
		}
		await expect(one!.locator('.teams .score')).toBeVisible();
		const texts = () => all!.locator('[data-match-id] .score').allTextContents();
		const before = await texts();
		expect(before.length).toBeGreaterThan(0);
		await expect
			.poll(
				async () =>
					// A changed score that is not a kick-off's 0–0: a goal.
					(await texts()).some(
						(t, i) => t.trim() !== before[i]?.trim() && !/^0\s*–\s*0$/.test(t.trim()),
					),
				{
					timeout: 120_000,
					intervals: [500],
				},
			)
			.toBe(true);
		for (const f of [one!, all!])
			expect(await f.evaluate(() => (window as unknown as { marker?: boolean }).marker)).toBe(true);
	});
});

/**
 * Matches waiting for a result, as the console's dashboard lists them (the login that gave
 * the token also set the console's cookies in this page's context). The console's own
 * test scores the first two; these are the next two.
 */
async function matchesToScore(admin: Page): Promise<string[]> {
	await admin.goto('/en/cms');
	const links = admin.getByTestId('cms-needs-result').locator('a[data-match-id]');
	await expect(links.nth(3)).toBeAttached();
	const ids = await links.evaluateAll((as) => as.map((a) => a.getAttribute('data-match-id') ?? ''));
	return ids.slice(2, 4);
}

/** The live match with the most of its replay left, once one is at most `before` minutes in. */
async function firstLiveMatch(request: APIRequestContext, before?: number): Promise<number> {
	const [m] = await liveMatches(request, { before });
	return m!.id;
}
