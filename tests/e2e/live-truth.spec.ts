import { type APIRequestContext, expect, test } from '@playwright/test';
import { liveMatches } from './live-matches';
import { adminBearer, LIVE_MS } from './staff';

/**
 * Issue 27, as a fan sees it: every page opened before kick-off follows the match through
 * kick-off, goals, half time and full time without a reload; an editor's postponement,
 * restoration and line-ups reach an open match page; and the minute is the match clock's on
 * every surface at once. The matches are the test's own (its own competition, teams and
 * fixtures, made through the console's API), so no other test's table or list moves.
 */

type Auth = Record<string, string>;

const run = Date.now().toString(36).slice(-4);
let leagues = 0;

async function created(answer: Awaited<ReturnType<APIRequestContext['post']>>): Promise<number> {
	expect(answer.status(), await answer.text()).toBe(201);
	const body = (await answer.json()) as { data: { id: number; seasonId?: number } };
	return body.data.seasonId ?? body.data.id;
}

/** A league of two teams and `count` fixtures kicking off now (UTC), all scheduled. */
async function league(
	request: APIRequestContext,
	auth: Auth,
	count: number,
): Promise<{ ids: number[]; home: string; slug: string }> {
	const tag = `${run}${++leagues}`;
	const competition = await request.post('/api/cms/competitions', {
		headers: auth,
		data: {
			name: `Truth League ${tag}`,
			code: `TL${tag}`.slice(0, 10),
			type: 'league',
			areaName: 'Testland',
			areaCode: 'TST',
			timeZone: 'UTC',
			seasonLabel: '2026-27',
		},
	});
	const seasonId = await created(competition);
	const { slug } = ((await competition.json()) as { data: { slug: string } }).data;
	const home = `Kickoff Rovers ${tag}`;
	const homeId = await created(
		await request.post('/api/cms/teams', { headers: auth, data: { name: home } }),
	);
	const awayId = await created(
		await request.post('/api/cms/teams', {
			headers: auth,
			data: { name: `Whistle Town ${tag}` },
		}),
	);
	const now = new Date();
	const ids: number[] = [];
	for (let i = 0; i < count; i++) {
		ids.push(
			await created(
				await request.post('/api/cms/fixtures', {
					headers: auth,
					data: {
						seasonId,
						homeTeamId: homeId,
						awayTeamId: awayId,
						round: `Matchday ${i + 1}`,
						kickoffDate: now.toISOString().slice(0, 10),
						kickoffTime: now.toISOString().slice(11, 16),
						timeZone: 'UTC',
					},
				}),
			),
		);
	}
	return { ids, home, slug };
}

async function status(request: APIRequestContext, auth: Auth, id: number, data: object) {
	const answer = await request.post(`/api/cms/matches/${id}/status`, { headers: auth, data });
	expect(answer.status(), await answer.text()).toBe(201);
}

test.describe('live truth: open pages follow the match', () => {
	test('a match page, the live list, home, a team page and a match widget opened before kick-off all go live, score and finish without reload', async ({
		browser,
		request,
	}) => {
		test.setTimeout(150_000);
		const admin = await (await browser.newContext()).newPage();
		const auth = await adminBearer(admin);
		const {
			ids: [id],
			home,
			slug,
		} = await league(request, auth, 1);
		const fan = await browser.newContext();
		const open = async (path: string) => {
			const page = await fan.newPage();
			await page.goto(path);
			return page;
		};
		const matchPage = await open(`/en/match/${id}`);
		const board = matchPage.getByTestId('scoreboard');
		await expect(board).toHaveAttribute('data-live-status', 'scheduled');
		await expect(matchPage.getByTestId('live-minute')).toHaveText('Not started');
		const list = await open('/en/live-matches');
		const homePage = await open('/en');
		const homeRow = homePage.locator(`.match-row[data-match-id="${id}"]`);
		await expect(homeRow).toHaveAttribute('data-status', 'scheduled');
		const teamPage = await open(`/en/match/${id}`);
		await teamPage.getByRole('link', { name: home }).first().click();
		const teamRow = teamPage.locator(`.match-row[data-match-id="${id}"]`);
		await expect(teamRow).toHaveAttribute('data-follow', '');
		const widget = await open(`/en/embed/match/${id}`);
		const tableWidget = await open(`/en/embed/table/${slug}`);
		const widgetRow = tableWidget.locator('tr', { hasText: home });
		await expect(widgetRow.locator('td').last()).toHaveText('0');
		// The live list has nothing of ours yet; the pages have had time to open their streams.
		await expect(list.locator(`[data-match-id="${id}"]`)).toHaveCount(0);
		await matchPage.waitForTimeout(1500);

		await status(request, auth, id!, { status: 'live' });
		await expect(board).toHaveAttribute('data-live-status', 'live', { timeout: LIVE_MS });
		await expect(matchPage.getByTestId('live-minute')).toHaveText(/^1'$/, { timeout: LIVE_MS });
		await expect(list.locator(`[data-match-id="${id}"]`)).toBeVisible({ timeout: LIVE_MS });
		await expect(list.locator(`[data-match-id="${id}"] .live-minute`)).toHaveText("1'");
		await expect(homeRow).toHaveAttribute('data-status', 'live', { timeout: LIVE_MS });
		await expect(homeRow.locator('[data-live-status]')).toHaveText("1'");
		await expect(teamRow).toHaveAttribute('data-status', 'live', { timeout: LIVE_MS });
		await expect(widget.locator('body')).toContainText("1'", { timeout: LIVE_MS });

		const goal = await request.post(`/api/cms/matches/${id}/events`, {
			headers: auth,
			data: { type: 'goal', side: 'home', minute: 1, player: 'Early Bird' },
		});
		expect(goal.status()).toBe(201);
		await expect(matchPage.getByTestId('live-score')).toHaveText('1–0', { timeout: LIVE_MS });
		await expect(list.locator(`[data-match-id="${id}"] [data-testid="live-score"]`)).toHaveText(
			'1–0',
			{ timeout: LIVE_MS },
		);
		await expect(homeRow.locator('[data-live-score]')).toHaveText(/1\s*–\s*0/, {
			timeout: LIVE_MS,
		});
		await expect(teamRow.locator('[data-live-score]')).toHaveText(/1\s*–\s*0/, {
			timeout: LIVE_MS,
		});
		await expect(widget.locator('body')).toContainText('Early Bird', { timeout: LIVE_MS });
		// The match centre's table counts the live score: the scorers' side is on 3 points.
		const tableRow = matchPage.locator('#table tr', { hasText: home });
		await tableRow.scrollIntoViewIfNeeded();
		await expect(tableRow.locator('td').last()).toHaveText('3', { timeout: LIVE_MS });
		await expect(widgetRow.locator('td').last()).toHaveText('3', { timeout: LIVE_MS });

		await status(request, auth, id!, { status: 'half_time' });
		await expect(matchPage.getByTestId('live-minute')).toHaveText('HT', { timeout: LIVE_MS });
		await expect(homeRow.locator('[data-live-status]')).toHaveText('HT', { timeout: LIVE_MS });
		await status(request, auth, id!, { status: 'live' });
		await expect(matchPage.getByTestId('live-minute')).toHaveText("46'", { timeout: LIVE_MS });
		await expect(list.locator(`[data-match-id="${id}"] .live-minute`)).toHaveText("46'", {
			timeout: LIVE_MS,
		});
		await status(request, auth, id!, { status: 'finished' });
		await expect(matchPage.getByTestId('live-minute')).toHaveText('FT', { timeout: LIVE_MS });
		await expect(homeRow.locator('[data-live-status]')).toHaveText('FT', { timeout: LIVE_MS });
		await expect(teamRow).toHaveAttribute('data-status', 'finished', { timeout: LIVE_MS });
		// None of it was a reload: the match page is the document it was.
		expect(await matchPage.evaluate(() => performance.getEntriesByType('navigation').length)).toBe(
			1,
		);
		await fan.close();
		await admin.context().close();
	});

	test("an editor's postponement, restoration and line-ups reach an open match page", async ({
		browser,
		page,
		request,
	}) => {
		test.setTimeout(90_000);
		const admin = await (await browser.newContext()).newPage();
		const auth = await adminBearer(admin);
		const {
			ids: [id],
		} = await league(request, auth, 1);
		await page.goto(`/en/match/${id}`);
		const board = page.getByTestId('scoreboard');
		await expect(board).toHaveAttribute('data-live-status', 'scheduled');
		await expect(page.locator('#lineups')).toHaveCount(0);
		await page.waitForTimeout(1500);

		const postponed = await request.post(`/api/cms/fixtures/${id}/state`, {
			headers: auth,
			data: { action: 'postpone' },
		});
		expect(postponed.status(), await postponed.text()).toBe(201);
		await expect(page.getByTestId('live-minute')).toHaveText('Postponed', { timeout: LIVE_MS });
		await status(request, auth, id!, { status: 'scheduled' });
		await expect(page.getByTestId('live-minute')).toHaveText('Not started', { timeout: LIVE_MS });

		const eleven = (side: string) =>
			Array.from({ length: 11 }, (_, i) => ({
				name: `${side} Player ${i + 1}`,
				shirtNumber: i + 1,
			}));
		const lineup = await request.post(`/api/cms/matches/${id}/lineup`, {
			headers: auth,
			data: { home: { formation: '4-4-2', starters: eleven('Home') } },
		});
		expect(lineup.status(), await lineup.text()).toBe(201);
		await expect(page.locator('#lineups')).toContainText('Home Player 9', { timeout: 5000 });
		await admin.context().close();
	});

	test('the minute is the match clock on every surface: in step, never backwards, one minute at a time', async ({
		browser,
		request,
	}) => {
		test.setTimeout(120_000);
		const [m] = await liveMatches(request, { before: 20 });
		const fan = await browser.newContext();
		const matchPage = await fan.newPage();
		await matchPage.goto(`/en/match/${m!.id}`);
		const list = await fan.newPage();
		await list.goto('/en/live-matches');
		const centre = matchPage.getByTestId('live-minute');
		const row = list.locator(`[data-match-id="${m!.id}"] .live-minute`);
		await expect(row).toHaveText(/^\d+(\+\d+)?'$/, { timeout: 20_000 });
		await expect(centre).toHaveText(/^\d+(\+\d+)?'$/);
		const read = (text: string) => {
			const [, a, b] = /^(\d+)(?:\+(\d+))?'$/.exec(text) ?? [];
			return a === undefined ? null : Number(a) + Number(b ?? 0);
		};
		let last: number | null = null;
		let lastAt = 0;
		// At 60x a match minute is a real second: twelve samples half a second apart.
		for (let i = 0; i < 12; i++) {
			// Each page redraws its minute once a second, a match minute at 60x, out of phase with
			// the other: a sample may catch one page just before its redraw, so it is taken again
			// until both have drawn (a real disagreement stays and fails).
			let c: string | null = null;
			let r: string | null = null;
			await expect
				.poll(
					async () => {
						[c, r] = await Promise.all([centre.textContent(), row.textContent()]);
						const [a, b] = [read(c ?? ''), read(r ?? '')];
						return a === null || b === null ? 0 : Math.abs(a - b);
					},
					{ timeout: 2500, intervals: [100] },
				)
				.toBeLessThanOrEqual(1);
			const [mc, mr] = [read(c ?? ''), read(r ?? '')];
			if (mc === null || mr === null) break; // half time came
			const at = Date.now();
			if (last !== null) {
				expect(mc).toBeGreaterThanOrEqual(last);
				// A match minute a real second: never more than the seconds between two samples.
				const seconds = Math.ceil((at - lastAt) / 1000);
				expect(mc - last, `${last} → ${mc} in ${seconds} s`).toBeLessThanOrEqual(seconds + 1);
			}
			last = mc;
			lastAt = at;
			await matchPage.waitForTimeout(500);
		}
		await fan.close();
	});
});
