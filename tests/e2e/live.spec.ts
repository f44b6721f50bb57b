import { expect, test, type Page } from '@playwright/test';
import { liveMatches } from './live-matches';

// Live scores in a real Chromium against the built site, fed by the replay feed
// (REPLAY_SPEED in playwright.config.ts makes replayed matches run 60x faster).

const rows = (page: Page) => page.locator('.live-list li[data-match-id]');

/**
 * The list's scores by match, read in one go in the page: rows come and go as replays start
 * and end, and reading them one locator at a time waited forever for a row that had left.
 */
async function scores(page: Page): Promise<Map<string, string>> {
	const pairs = await rows(page).evaluateAll((lis) =>
		lis.map((li) => [
			li.getAttribute('data-match-id') ?? '',
			(li.querySelector('[data-testid="live-score"]') as HTMLElement | null)?.innerText.trim() ??
				'',
		]),
	);
	return new Map(pairs as [string, string][]);
}

async function openLive(page: Page): Promise<void> {
	await page.goto('/en/live-matches');
	// Hydrated and connected: the store has opened its stream.
	await expect(page.getByTestId('live-age')).toHaveAttribute('data-state', 'open', {
		timeout: 20_000,
	});
	await expect(rows(page).first()).toBeVisible({ timeout: 20_000 });
}

test.describe('live scores', () => {
	test.setTimeout(120_000);

	test('replayed matches are clearly labelled as replays', async ({ page }) => {
		await openLive(page);
		await expect(page.locator('.replay-note')).toContainText('Not live football');
		const n = await rows(page).count();
		expect(n).toBeGreaterThan(0);
		for (const li of await rows(page).all()) {
			await expect(li.getByTestId('replay-badge')).toHaveText('Replay');
		}
	});

	test('a goal appears without a reload', async ({ page }) => {
		await openLive(page);
		// A marker that a reload would wipe.
		await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true));
		const before = await scores(page);
		await expect
			.poll(
				async () => {
					for (const [id, score] of await scores(page)) {
						if (score !== '0–0' && score !== before.get(id)) return `${id}:${score}`;
					}
					return '';
				},
				{ timeout: 100_000, intervals: [500] },
			)
			.not.toBe('');
		expect(
			await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload),
		).toBe(true);
		await expect(page.getByTestId('live-age')).toContainText(/Updated \d+ (s|min) ago/);
	});

	test('offline keeps the last scores, says so, and catches up when back online', async ({
		page,
		context,
	}) => {
		await openLive(page);
		const shown = await scores(page);
		await context.setOffline(true);
		await expect(page.getByTestId('live-age')).toHaveAttribute('data-state', 'offline');
		await expect(page.getByTestId('live-age')).toContainText('Offline');
		for (const [id, score] of shown) {
			const li = page.locator(`.live-list li[data-match-id="${id}"]`);
			if (await li.count()) await expect(li.getByTestId('live-score')).toHaveText(score);
		}
		// Back online: the stream reopens and resumes after the last event id it saw.
		const resumed = page.waitForRequest(
			(r) => r.url().includes('/api/live') && r.url().includes('lastEventId='),
		);
		await context.setOffline(false);
		await resumed;
		await expect(page.getByTestId('live-age')).toHaveAttribute('data-state', 'open', {
			timeout: 20_000,
		});
		await expect(page.getByTestId('live-age')).not.toContainText('Offline');
	});

	test('the server sends what is live in the HTML itself (crawlers, no JavaScript), scores hidden for a spoiler-safe visitor', async ({
		browser,
		request,
	}) => {
		// Wait for something to be live (the replay feed starts matches on its own).
		await expect
			.poll(
				async () =>
					(
						(await (await request.get('/en/live-matches')).text()).match(/data-match-id="\d+"/g) ??
						[]
					).length,
				{ timeout: 60_000 },
			)
			.toBeGreaterThan(0);
		const context = await browser.newContext({ javaScriptEnabled: false });
		const page = await context.newPage();
		await page.goto('/en/live-matches');
		await expect(rows(page).first()).toBeVisible();
		await expect(rows(page).first().getByTestId('live-score')).toHaveText(/^\d+–\d+$/);
		await expect(page.getByText('No match is live right now')).toHaveCount(0);
		await context.addCookies([{ name: 'spoiler', value: 'hide:0', url: page.url() }]);
		await page.reload();
		await expect(rows(page).first().getByTestId('live-score')).toHaveText('–');
		await context.close();
	});

	test('spoiler-safe mode hides scores until revealed and is remembered after a reload', async ({
		page,
	}) => {
		await openLive(page);
		await page.getByTestId('spoiler-mode').selectOption('hide');
		const first = rows(page).first();
		await expect(first.getByTestId('live-score')).toHaveText('–');
		await page.reload();
		await expect(page.getByTestId('live-age')).toHaveAttribute('data-state', 'open', {
			timeout: 20_000,
		});
		await expect(page.getByTestId('spoiler-mode')).toHaveValue('hide');
		const row = rows(page).first();
		await expect(row.getByTestId('live-score')).toHaveText('–');
		await row.getByTestId('reveal').click();
		await expect(row.getByTestId('live-score')).toHaveText(/^\d+–\d+$/);
		await expect(row.getByTestId('reveal')).toHaveCount(0);
		// Other matches stay hidden.
		if ((await rows(page).count()) > 1)
			await expect(rows(page).nth(1).getByTestId('live-score')).toHaveText('–');
	});
});

test.describe('live on the football pages', () => {
	test.setTimeout(120_000);

	/** A match live now (a replay); `group`: only a group-stage match, which has a table. */
	async function aLiveMatch(
		page: Page,
		group = false,
	): Promise<{ id: number; competition: number; season: string }> {
		// Early in the match, so it is still being played when the page is checked.
		const [m] = await liveMatches(page.request, {
			before: 60,
			where: (x) => !group || x.stage === 'group',
			timeout: 90_000,
		});
		return { id: m!.id, competition: m!.competition.id, season: m!.season };
	}

	test('today on the home page lists what is live now, replays included, labelled', async ({
		page,
	}) => {
		await aLiveMatch(page);
		await page.goto('/en');
		const first = page.locator('.live-list li[data-match-id]').first();
		await expect(first).toBeVisible({ timeout: 20_000 });
		await expect(first.getByTestId('replay-badge')).toHaveText('Replay');
	});

	test('the match centre of a live match shows the live island, not the stored timeline', async ({
		page,
	}) => {
		const live = await aLiveMatch(page);
		await page.goto(`/en/match/${live.id}`);
		await expect(page.getByTestId('live-centre')).toBeVisible();
		await expect(page.getByTestId('live-centre').getByTestId('replay-badge')).toContainText(
			'Replay',
		);
		// The stored timeline of a replayed match would give the ending away.
		await expect(page.locator('#tl-h')).toHaveCount(0);
	});

	// Issue 12: a live page showed two scoreboards that disagreed (a header without the score
	// and with the original date, and a separate replay box with the live score).
	test('issue 12: a live replayed match page has exactly one scoreboard, showing the live score', async ({
		page,
	}) => {
		const live = await aLiveMatch(page);
		await page.goto(`/en/match/${live.id}`);
		const board = page.getByTestId('scoreboard');
		await expect(board).toHaveCount(1);
		await expect(page.locator('h1')).toHaveCount(1);
		await expect(page.locator('.live-centre-score')).toHaveCount(0);
		// The scoreboard is the live island: the live score, the minute, the replay badge.
		await expect(page.getByTestId('live-centre').getByTestId('scoreboard')).toHaveCount(1);
		await expect(board.getByTestId('live-score')).toHaveText(/^\d+–\d+$/);
		await expect(board.getByTestId('live-minute')).toHaveText(/\d+'|HT/);
		await expect(board.getByTestId('replay-badge')).toHaveText('Replay');
		await expect(board.locator('.sb-crest')).toHaveCount(2);
		// The replayed match was played in a past season: its kick-off carries the year.
		await expect(board.locator('time[data-kickoff]')).toHaveAttribute('data-year', '');
		// The score it shows is the live one the server knows (polled: a goal may land between
		// the two reads).
		await expect
			.poll(async () => {
				const api = (await (await page.request.get(`/api/v1/matches/${live.id}`)).json()) as {
					score: { ft: { home: number; away: number } | null };
				};
				const ft = api.score.ft ?? { home: 0, away: 0 };
				return (
					(await board.getByTestId('live-score').textContent())?.trim() === `${ft.home}–${ft.away}`
				);
			})
			.toBe(true);
	});

	test('the league table moves live while a match of that season is played', async ({ page }) => {
		const live = await aLiveMatch(page, true);
		await page.goto(`/en/league/${live.competition}?season=${live.season}`);
		const table = page.getByTestId('live-table').first();
		await expect(table).toBeVisible();
		await expect(table.locator('tr.playing').first()).toBeVisible({ timeout: 20_000 });
	});
});
