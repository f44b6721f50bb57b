import { createHmac } from 'node:crypto';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { liveMatches } from './live-matches';
import { registerAndLogIn } from './members';

/**
 * Watching a match (issue 14), in Chromium against the production build with the sandbox
 * provider. Replays of Euro matches run at 60x (playwright.config.ts), each with the demo
 * live stream attached while it is replayed.
 */

const PASSWORD = 'Kick-off-at-20:45-sharp';
const SECRET = 'e2e-sandbox-webhook-secret-0123456789';

async function registerAndLogin(page: Page): Promise<void> {
	await registerAndLogIn(page, { name: 'Watching Fan', prefix: 'watch', password: PASSWORD });
}

async function payWithCard(page: Page): Promise<string> {
	await page.waitForURL(/\/en\/payment\/sandbox\/co_/);
	const checkout = /\/(co_[\w-]+)/.exec(page.url())?.[1] as string;
	await page.locator('#card').fill('4242 4242 4242 4242');
	await page.locator('#expiry').fill('12/34');
	await page.locator('#cvc').fill('123');
	await page.locator('.sandbox__form button[type="submit"]').click();
	return checkout;
}

/**
 * Live replayed matches' ids, the one with the most of its replay left first. With `fresh`,
 * waits for one in its first minutes (a new replay starts at kick-off as another ends): at
 * 60x a replay lasts about a minute and a half, and the test must buy and watch within it.
 */
async function liveIds(request: APIRequestContext, fresh = false): Promise<number[]> {
	const rows = await liveMatches(request, { count: 2, before: fresh ? 8 : undefined });
	return rows.map((m) => m.id);
}

const currentTime = (page: Page) =>
	page.locator('#watch video').evaluate((v: HTMLVideoElement) => v.currentTime);

test('buy the match pass on a live match, come back to it, watch 30 s of the live stream; a pass that ends stops playback; another match asks to pay', async ({
	page,
}) => {
	test.setTimeout(240_000);
	await registerAndLogin(page);
	const [matchId, otherId] = await liveIds(page.request, true);

	await page.goto(`/en/match/${matchId}`);
	const lock = page.getByTestId('watch-lock');
	await expect(lock).toBeVisible();
	await expect(page.locator('#watch video')).toHaveCount(0);
	const buy = lock.getByRole('button', { name: /Watch this match for £2\.69/ });
	await expect(lock).toContainText('until 24 hours after full time');
	await buy.click();
	const checkout = await payWithCard(page);
	// Back on the match, not a generic success page.
	await page.waitForURL(new RegExp(`/en/match/${matchId}(#watch)?$`));

	const video = page.locator('#watch video');
	await expect(video).toHaveCount(1);
	await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
	const start = await currentTime(page);
	// Meanwhile, the live playlist over HTTP, read twice 10 s apart: the window moved and
	// nothing ended.
	const access = await (await page.request.get(`/api/watch/live-m${matchId}`)).json();
	expect(access.allowed).toBe(true);
	const master = await (await page.request.get(access.src)).text();
	const variant = master.split('\n').find((l) => l.startsWith('360p.m3u8?')) as string;
	const read = async () => (await page.request.get(`/media/live-m${matchId}/${variant}`)).text();
	const seq = (p: string) => Number(/#EXT-X-MEDIA-SEQUENCE:(\d+)/.exec(p)?.[1]);
	const first = await read();
	await page.waitForTimeout(10_000);
	const second = await read();
	expect(seq(second)).toBeGreaterThanOrEqual(seq(first) + 4);
	for (const p of [first, second]) expect(p).not.toContain('#EXT-X-ENDLIST');
	await page.waitForTimeout(20_000);
	const after = await currentTime(page);
	expect(after - start).toBeGreaterThan(25);
	await expect(page.getByTestId('at-live-edge')).toBeVisible();
	// Spoiler-safe delay follows what the player shows: the seconds field gives way to the
	// player's measured latency (a few seconds behind at the live edge).
	await page.getByTestId('spoiler-mode').first().selectOption('delay');
	const follows = page.getByTestId('spoiler-follows').first();
	await expect(follows).toHaveText(/Matching your stream: \d+ s behind/);
	expect(Number(/(\d+) s/.exec((await follows.textContent()) ?? '')?.[1])).toBeLessThan(30);
	await expect(page.locator('input[name="spoiler-delay"]')).toHaveCount(0);

	// The pass ends in a few seconds (as the provider would say): playback stops within a
	// segment of it, with its own message.
	const now = Math.floor(Date.now() / 1000);
	const ends = now + 6;
	const body = JSON.stringify({
		id: `evt_${now}x${Math.random().toString(36).slice(2, 10)}`,
		type: 'subscription.updated',
		created: now + 1,
		data: { providerRef: `sbx_${checkout}`, status: 'active', currentPeriodEnd: ends },
	});
	const sig = `t=${now},v1=${createHmac('sha256', SECRET).update(`${now}.${body}`, 'utf8').digest('hex')}`;
	const delivered = await page.request.post('/api/payments/webhook/sandbox', {
		headers: { 'Content-Type': 'application/json', 'sandbox-signature': sig },
		data: body,
	});
	expect(delivered.status()).toBe(200);
	await expect(page.locator('#watch .player__error')).toContainText(
		'Your access to this stream has ended.',
		{ timeout: 20_000 },
	);
	// Stopped within one segment (2 s) of the end, allowing for a playlist reload.
	expect(Date.now() / 1000 - ends).toBeLessThan(6);
	const stopped = await currentTime(page);
	await page.waitForTimeout(3_000);
	expect(await currentTime(page)).toBe(stopped);

	// Another match: the pass is for one match only. One still live now (the one picked at
	// the start may have ended its replay meanwhile, and a finished match has no lock).
	const other = (await liveIds(page.request)).find((id) => id !== matchId) ?? otherId;
	await page.goto(`/en/match/${other}`);
	await expect(page.getByTestId('watch-lock')).toBeVisible();
	await expect(page.getByTestId('watch-lock').getByRole('button')).toContainText(
		'Watch this match for',
	);
});

test('a Euro pass bought on /pricing-sport plays the Euro replays', async ({ page }) => {
	test.setTimeout(120_000);
	await registerAndLogin(page);
	await page.goto('/en/pricing-sport');
	await expect(page.locator('#plan-pass-euro')).toBeVisible();
	await expect(page.locator('[data-plan="pass-basketball"]')).toHaveCount(0);
	await expect(page.locator('[data-plan="pass-tennis"]')).toHaveCount(0);
	await page
		.locator('#plan-pass-euro')
		.getByRole('button', { name: /Continue to payment/ })
		.click();
	await payWithCard(page);
	await page.waitForURL(/\/en\/payment\/success\?checkout=co_/);
	const [matchId] = await liveIds(page.request);
	await page.goto(`/en/match/${matchId}`);
	await expect.poll(() => currentTime(page), { timeout: 20_000 }).toBeGreaterThan(1);
});

test('without JavaScript the match pass button posts a form and lands on the card page', async ({
	browser,
}) => {
	const context = await browser.newContext({ javaScriptEnabled: false });
	const page = await context.newPage();
	await registerAndLogin(page);
	const [matchId] = await liveIds(page.request);
	await page.goto(`/en/match/${matchId}`);
	await page.getByRole('button', { name: /Watch this match for/ }).click();
	await page.waitForURL(/\/en\/payment\/sandbox\/co_/);
	await context.close();
});

test('a match row’s watch mark says, for this visitor, which plan unlocks the stream', async ({
	page,
}) => {
	const [matchId] = await liveIds(page.request);
	const match = await (await page.request.get(`/api/v1/matches/${matchId}`)).json();
	const mark = page.locator(`li[data-match-id="${matchId}"] [data-watch-mark]`);
	// The cached row says a stream exists (rows learn of a stream attached at kick-off within
	// seconds); the visitor's answer turns it into a lock and a plan.
	await expect(async () => {
		await page.goto(`/en/fixtures-results?date=${String(match.kickoff).slice(0, 10)}`);
		await expect(mark).toHaveAttribute('data-state', 'locked', { timeout: 2_000 });
	}).toPass({ timeout: 30_000 });
	await expect(mark).toContainText(/pass|Premium/);

	// The live list (an island, updated as matches start) marks its rows the same way.
	await page.goto('/en/live-matches');
	const liveMark = page.locator(
		`.live-list li[data-match-id="${matchId}"] [data-testid="watch-mark"]`,
	);
	await expect(liveMark).toHaveAttribute('data-state', 'locked', { timeout: 10_000 });
	await expect(liveMark).toContainText(/pass|Premium/);
	await expect(liveMark).toHaveAttribute('href', `/en/match/${matchId}#watch`);
});

test('a pass bought in another tab unlocks this tab’s player and marks when it is looked at again, without a reload', async ({
	context,
}) => {
	test.setTimeout(180_000);
	const buyer = await context.newPage();
	await registerAndLogin(buyer);
	const [matchId] = await liveIds(buyer.request, true);
	const match = await (await buyer.request.get(`/api/v1/matches/${matchId}`)).json();

	// Two tabs left open: the match centre (locked) and a day list with the match's mark.
	const centre = await context.newPage();
	await centre.goto(`/en/match/${matchId}`);
	await expect(centre.getByTestId('watch-lock')).toBeVisible();
	const list = await context.newPage();
	const mark = list.locator(`li[data-match-id="${matchId}"] [data-watch-mark]`);
	await expect(async () => {
		await list.goto(`/en/fixtures-results?date=${String(match.kickoff).slice(0, 10)}`);
		await expect(mark).toHaveAttribute('data-state', 'locked', { timeout: 2_000 });
	}).toPass({ timeout: 30_000 });
	for (const tab of [centre, list])
		await tab.evaluate(() => {
			(window as unknown as { stayed: boolean }).stayed = true;
		});

	// The third tab buys the match pass.
	await buyer.goto(`/en/match/${matchId}`);
	await buyer
		.getByTestId('watch-lock')
		.getByRole('button', { name: /Watch this match for/ })
		.click();
	await payWithCard(buyer);
	await buyer.waitForURL(new RegExp(`/en/match/${matchId}(#watch)?$`));

	// Back to the other tabs (the browser sends focus): they ask again and unlock.
	for (const tab of [centre, list])
		await tab.evaluate(() => window.dispatchEvent(new Event('focus')));
	await expect(centre.locator('#watch video')).toHaveCount(1, { timeout: 10_000 });
	await expect(mark).toHaveAttribute('data-state', 'watch', { timeout: 10_000 });
	await expect(mark).toContainText('Watch');
	for (const tab of [centre, list])
		expect(await tab.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the player offers the stream's captions in the page's language, and picture in picture, by button and key", async ({
	page,
}) => {
	/** The language and cue texts of the track that shows, once the browser has loaded it. */
	const showing = (video: import('@playwright/test').Locator) =>
		video.evaluate((v: HTMLVideoElement) => {
			const t = [...v.textTracks].find((x) => x.mode === 'showing');
			return t
				? { lang: t.language, cues: [...(t.cues ?? [])].map((c) => (c as VTTCue).text) }
				: null;
		});
	// German page: the demo footage's WebVTT captions, the German track chosen.
	await page.goto('/de/match-highlight/demo-highlight');
	const de = page.locator('.player[role="region"]');
	const untertitel = de.getByRole('button', { name: 'Untertitel' });
	await untertitel.click();
	await expect(untertitel).toHaveAttribute('aria-pressed', 'true');
	await expect
		.poll(() => showing(de.locator('video')))
		.toEqual({
			lang: 'de',
			cues: ['Demo-Aufnahmen', 'Testbild und Testton', 'Es wird kein echtes Spiel gezeigt'],
		});
	expect(
		await de
			.locator('video track')
			.evaluateAll((ts) => ts.map((t) => (t as HTMLTrackElement).label)),
	).toContain('Deutsch');

	await page.goto('/en/match-highlight/demo-highlight');
	const player = page.locator('.player[role="region"]');
	const video = player.locator('video');
	await expect(video).toHaveCount(1);
	const cc = player.getByRole('button', { name: 'Captions' });
	await cc.click();
	await expect(cc).toHaveAttribute('aria-pressed', 'true');
	await expect.poll(async () => (await showing(video))?.lang).toBe('en');
	await player.press('c');
	await expect(cc).toHaveAttribute('aria-pressed', 'false');
	expect(await showing(video)).toBeNull();

	const pip = player.getByRole('button', { name: 'Picture in picture' });
	if (!(await page.evaluate(() => document.pictureInPictureEnabled))) return; // not offered here
	await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
	await pip.click();
	await expect(pip).toHaveAttribute('aria-pressed', 'true');
	expect(await page.evaluate(() => document.pictureInPictureElement?.tagName)).toBe('VIDEO');
	await player.press('p');
	await expect(pip).toHaveAttribute('aria-pressed', 'false');
});
