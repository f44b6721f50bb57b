import { type APIRequestContext, expect, test } from '@playwright/test';
import { adminBearer, registerAdmin } from './staff';

/** A competition, two teams and one fixture kicking off now, made through the console's API. */
async function ownFixture(request: APIRequestContext, auth: Record<string, string>) {
	const tag = Date.now().toString(36).slice(-5);
	const id = async (answer: Awaited<ReturnType<APIRequestContext['post']>>) => {
		expect(answer.status(), await answer.text()).toBe(201);
		const body = (await answer.json()) as { data: { id: number; seasonId?: number } };
		return body.data.seasonId ?? body.data.id;
	};
	const seasonId = await id(
		await request.post('/api/cms/competitions', {
			headers: auth,
			data: {
				name: `Retry Cup ${tag}`,
				code: `RC${tag}`,
				type: 'cup',
				areaName: 'Testland',
				areaCode: 'TST',
				timeZone: 'UTC',
				seasonLabel: '2026',
			},
		}),
	);
	const team = (name: string) =>
		request.post('/api/cms/teams', { headers: auth, data: { name: `${name} ${tag}` } });
	const homeTeamId = await id(await team('Lost Answer FC'));
	const awayTeamId = await id(await team('Second Goal United'));
	const now = new Date().toISOString();
	return String(
		await id(
			await request.post('/api/cms/fixtures', {
				headers: auth,
				data: {
					seasonId,
					homeTeamId,
					awayTeamId,
					round: 'Final',
					kickoffDate: now.slice(0, 10),
					kickoffTime: now.slice(11, 16),
					timeZone: 'UTC',
				},
			}),
		),
	);
}

// Issue 28, findings 2 and 3, in the browser: a goal whose answer is lost on the way back is
// sent again with the same Idempotency-Key and shown as recorded, counted once; the console
// offers only the moves the match state allows, asks before one it cannot undo, and brings a
// postponed match back.
test.describe('editors’ console: writes you can trust', () => {
	test.describe.configure({ timeout: 120_000 });

	test('a lost answer: the retry is recorded once; postponed and restored; no kick-off after full time', async ({
		page,
	}) => {
		await registerAdmin(page);
		const matchId = await ownFixture(page.request, await adminBearer(page));
		await page.goto(`/en/cms/matches/${matchId}`);
		const status = page.getByTestId('console-status');
		await expect(status).toHaveAttribute('data-status', 'scheduled');
		// Before kick-off: no events, no full time, no restore.
		await expect(page.getByTestId('goal-home')).toBeDisabled();
		await expect(page.getByRole('button', { name: 'Full time', exact: true })).toHaveCount(0);
		await expect(page.getByTestId('console-restore')).toHaveCount(0);

		// Postponed, after a confirmation; then restored.
		page.once('dialog', (d) => void d.accept());
		await page.getByRole('button', { name: 'Postponed' }).click();
		await expect(status).toHaveAttribute('data-status', 'postponed');
		await expect(page.getByRole('button', { name: 'Kick-off' })).toHaveCount(0);
		await page.getByTestId('console-restore').click();
		await expect(status).toHaveAttribute('data-status', 'scheduled');

		// A dismissed confirmation sends nothing.
		page.once('dialog', (d) => void d.dismiss());
		await page.getByRole('button', { name: 'Postponed' }).click();
		await expect(status).toHaveAttribute('data-status', 'scheduled');

		await page.getByRole('button', { name: 'Kick-off' }).click();
		await expect(status).toHaveAttribute('data-status', 'live');
		const score = page.getByTestId('console-score');
		await expect(score).toHaveText('0 – 0');

		// The 84th-minute goal reaches the server, which records it; its answer never comes back.
		const keys: string[] = [];
		let dropped = false;
		await page.route(`**/api/cms/matches/${matchId}/events`, async (route) => {
			keys.push(route.request().headers()['idempotency-key'] ?? '');
			if (dropped) return route.continue();
			dropped = true;
			await route.fetch();
			await route.abort('connectionreset');
		});
		await page.getByTestId('console-minute').fill('84');
		await page.getByTestId('goal-home').click();
		// The console sends it again by itself, with the same key: recorded, once.
		await expect(page.getByTestId('console-notice')).toContainText(
			'Recorded (sent again after the connection dropped).',
			{ timeout: 20_000 },
		);
		await expect(score).toHaveText('1 – 0');
		expect(keys).toHaveLength(2);
		expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);
		expect(keys[1]).toBe(keys[0]);
		await expect(page.getByTestId('console-timeline').locator('li[data-type="goal"]')).toHaveCount(
			1,
		);

		// Full time asks first; a finished match offers no kick-off and takes no events.
		page.once('dialog', (d) => void d.accept());
		await page.getByRole('button', { name: 'Full time', exact: true }).click();
		await expect(status).toHaveAttribute('data-status', 'finished');
		await expect(page.getByRole('button', { name: 'Kick-off' })).toHaveCount(0);
		await expect(page.getByRole('button', { name: 'Postponed' })).toHaveCount(0);
		await expect(page.getByTestId('goal-home')).toBeDisabled();
	});
});
