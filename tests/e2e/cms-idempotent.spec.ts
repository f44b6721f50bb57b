import { expect, test } from '@playwright/test';
import { ownFixture } from './fixtures-api';
import { adminBearer, registerAdmin } from './staff';

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

		// Postponed, after a confirmation; then restored (which asks too).
		await page.getByRole('button', { name: 'Postponed' }).click();
		await page.getByTestId('confirm-yes').click();
		await expect(status).toHaveAttribute('data-status', 'postponed');
		await expect(page.getByRole('button', { name: 'Kick-off' })).toHaveCount(0);
		await page.getByTestId('console-restore').click();
		await page.getByTestId('confirm-yes').click();
		await expect(status).toHaveAttribute('data-status', 'scheduled');

		// "Keep" sends nothing.
		await page.getByRole('button', { name: 'Postponed' }).click();
		await page.getByTestId('confirm-keep').click();
		await expect(page.getByRole('button', { name: 'Postponed' })).toBeFocused();
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
		await page.getByRole('button', { name: 'Full time', exact: true }).click();
		await page.getByTestId('console-fulltime-ask').getByTestId('confirm-yes').click();
		await expect(status).toHaveAttribute('data-status', 'finished');
		await expect(page.getByRole('button', { name: 'Kick-off' })).toHaveCount(0);
		await expect(page.getByRole('button', { name: 'Postponed' })).toHaveCount(0);
		await expect(page.getByTestId('goal-home')).toBeDisabled();
	});
});
