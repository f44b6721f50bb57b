import { expect, type Page, test } from '@playwright/test';
import { ownFixture } from './fixtures-api';
import { adminBearer, LIVE_MS, registerAdmin } from './staff';

// Issue 28, finding 3, the console side: destructive actions ask in place first, a deleted
// event or a postponement can be undone for a few seconds (each undo an audited write through
// the server's rules), the buttons follow the match's state, a finished match is corrected by
// an editor with a reason, and a postponed match is restored from its fixture page.

/** The admin in the console with a fresh match of their own, kicking off now. */
async function freshMatch(page: Page) {
	await registerAdmin(page);
	const auth = await adminBearer(page);
	const id = await ownFixture(page.request, auth, {
		cup: 'Undo Cup',
		home: 'Second Thoughts FC',
		away: 'Careful Hands',
	});
	return { id, auth };
}

/** The audit rows of one match, newest first. */
async function audit(page: Page, auth: Record<string, string>, matchId: string) {
	const r = await page.request.get(`/api/cms/audit?target=match:${matchId}`, { headers: auth });
	expect(r.status()).toBe(200);
	return ((await r.json()) as { data: { action: string }[] }).data.map((a) => a.action);
}

test.describe('console: confirm first, undo where the rules allow', () => {
	test.describe.configure({ timeout: 120_000 });

	test('full time asks first; a deleted goal comes back by Undo, once and audited', async ({
		page,
	}) => {
		const { id, auth } = await freshMatch(page);
		await page.goto(`/en/cms/matches/${id}`);
		const status = page.getByTestId('console-status');
		await expect(page.getByTestId('console-restore')).toHaveCount(0);
		await page.getByRole('button', { name: 'Kick-off' }).click();
		await expect(status).toHaveAttribute('data-status', 'live');

		// A goal, deleted after a confirmation, then undone from the toast.
		await page.getByTestId('console-minute').fill('84');
		await page.getByTestId('goal-home').click();
		const score = page.getByTestId('console-score');
		await expect(score).toHaveText('1 – 0');
		const goal = page.getByTestId('console-timeline').locator('li[data-type="goal"]');
		await goal.getByRole('button', { name: 'Delete' }).click();
		// Asked, nothing sent yet.
		await expect(goal.getByRole('group', { name: /Confirm “Delete Goal”\?/ })).toBeVisible();
		await expect(score).toHaveText('1 – 0');
		await goal.getByTestId('confirm-yes').click();
		await expect(score).toHaveText('0 – 0');
		await expect(goal).toHaveCount(0);
		const toast = page.getByTestId('console-undo');
		await expect(toast).toContainText('Deleted: Goal.');
		await toast.getByRole('button', { name: 'Undo' }).click();
		await expect(score).toHaveText('1 – 0');
		await expect(goal).toHaveCount(1);
		await expect(goal).toContainText("84'");
		await expect(toast).toHaveCount(0);
		const actions = await audit(page, auth, id);
		expect(actions.filter((a) => a === 'match.event.restore')).toHaveLength(1);
		expect(actions.filter((a) => a === 'match.event.delete')).toHaveLength(1);

		// Full time: the click only asks; Keep leaves the match live, Confirm ends it.
		const fullTime = page.getByRole('button', { name: 'Full time', exact: true });
		await fullTime.click();
		const ask = page.getByTestId('console-fulltime-ask');
		await expect(ask).toContainText('It cannot be undone from the console.');
		await expect(ask.getByTestId('confirm-yes')).toBeFocused();
		await ask.getByTestId('confirm-keep').click();
		await expect(fullTime).toBeFocused();
		await expect(status).toHaveAttribute('data-status', 'live');
		await fullTime.click();
		await ask.getByTestId('confirm-yes').click();
		await expect(status).toHaveAttribute('data-status', 'finished');
		// No undo for full time: the state machine has no way back.
		await expect(toast).toHaveCount(0);
	});

	test('a finished match offers no Kick-off but "Correct the result"; a correction with a reason changes the public score', async ({
		page,
	}) => {
		const { id, auth } = await freshMatch(page);
		const post = (path: string, data: unknown) =>
			page.request.post(`/api/cms/matches/${id}${path}`, { headers: auth, data });
		expect((await post('/status', { status: 'live', minute: 0 })).status()).toBe(201);
		expect((await post('/events', { type: 'goal', side: 'home', minute: 12 })).status()).toBe(201);
		expect((await post('/status', { status: 'finished', minute: 90 })).status()).toBe(201);

		await page.goto(`/en/cms/matches/${id}`);
		await expect(page.getByTestId('console-status')).toHaveAttribute('data-status', 'finished');
		await expect(page.getByRole('button', { name: 'Kick-off' })).toHaveCount(0);
		const form = page.getByTestId('correct-result');
		await expect(form.getByRole('heading', { name: 'Correct the result' })).toBeVisible();

		// The reason is required: the browser holds the form back without one.
		await form.getByTestId('correct-away').fill('1');
		const keys: string[] = [];
		page.on('request', (r) => {
			if (r.url().endsWith(`/api/cms/matches/${id}/result`))
				keys.push(r.headers()['idempotency-key'] ?? '');
		});
		await form.getByTestId('correct-submit').click();
		expect(keys).toHaveLength(0);
		await form.getByTestId('correct-reason').fill('Referee report: the equaliser stood');
		await form.getByTestId('correct-submit').click();
		await expect(form.getByTestId('correct-outcome')).toContainText(
			'Corrected to 1 – 1 (Full-time)',
		);
		await expect(form.getByTestId('correct-outcome')).toContainText(
			'Referee report: the equaliser stood',
		);
		await expect(page.getByTestId('console-score')).toHaveText('1 – 1');
		expect(keys).toHaveLength(1);
		expect(keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,100}$/);

		await expect
			.poll(
				async () => {
					const r = await page.request.get(`/api/v1/matches/${id}`);
					return ((await r.json()) as { score: { ft: unknown } }).score.ft;
				},
				{ timeout: LIVE_MS * 3 },
			)
			.toEqual({ home: 1, away: 1 });
		expect(await audit(page, auth, id)).toContain('match.result.correct');
	});

	test('a postponed match: confirm, undo, and restore from its fixture page', async ({ page }) => {
		const { id } = await freshMatch(page);
		await page.goto(`/en/cms/fixtures/${id}`);
		const status = page.getByTestId('fixture-status');
		await expect(status).toHaveText('Scheduled');

		// Postpone only asks; Keep goes back with nothing changed.
		await page.getByRole('button', { name: 'Postpone' }).click();
		await expect(page.getByTestId('fixture-ask')).toContainText('Confirm “Postpone”?');
		await expect(page.getByTestId('fixture-confirm')).toBeFocused();
		await page.getByRole('link', { name: 'Keep' }).click();
		await expect(status).toHaveText('Scheduled');

		// Confirmed: postponed, with an undo straight away.
		await page.getByRole('button', { name: 'Postpone' }).click();
		await page.getByTestId('fixture-confirm').click();
		await expect(status).toHaveText('Postponed');
		await page.getByTestId('fixture-undo').click();
		await expect(status).toHaveText('Scheduled');
		await expect(page.getByTestId('fixture-done')).toContainText('Restored');

		// Postponed again; later restored with the Restore button, which asks too.
		await page.getByRole('button', { name: 'Postpone' }).click();
		await page.getByTestId('fixture-confirm').click();
		await page.goto(`/en/cms/fixtures/${id}`);
		await expect(status).toHaveText('Postponed');
		await page.getByTestId('fixture-restore').click();
		await expect(page.getByTestId('fixture-ask')).toContainText('Confirm “Restore to scheduled”?');
		await page.getByTestId('fixture-confirm').click();
		await expect(status).toHaveText('Scheduled');

		// The console offers Restore for a postponed match, and undoes a postponement too.
		await page.goto(`/en/cms/matches/${id}`);
		const live = page.getByTestId('console-status');
		await page.getByRole('button', { name: 'Postponed' }).click();
		await page.getByTestId('confirm-yes').click();
		await expect(live).toHaveAttribute('data-status', 'postponed');
		await expect(page.getByRole('button', { name: 'Kick-off' })).toHaveCount(0);
		await page.getByTestId('console-undo').getByRole('button', { name: 'Undo' }).click();
		await expect(live).toHaveAttribute('data-status', 'scheduled');
	});

	test('removing a staff member asks first and can be undone', async ({ page }) => {
		await registerAdmin(page);
		const email = `undo-${Date.now().toString(36)}@e2e.test`;
		await page.goto('/en/cms/staff');
		const add = page.getByTestId('staff-add');
		await add.getByLabel('E-mail').fill(email);
		await add.getByLabel('Role').selectOption('editor');
		await add.getByRole('button', { name: 'Add or change' }).click();
		const row = page.getByTestId('staff-list').locator('li', { hasText: email });
		await expect(row).toHaveCount(1);

		await row.getByRole('button', { name: 'Remove' }).click();
		await expect(page.getByTestId('staff-ask')).toContainText(`Remove ${email} from the staff?`);
		await expect(row).toHaveCount(1);
		await page.getByTestId('staff-confirm').click();
		await expect(row).toHaveCount(0);
		await page.getByTestId('staff-undo').click();
		await expect(row).toHaveCount(1);
		await expect(row).toContainText('Editor');
	});
});
