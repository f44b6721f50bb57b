import { expect, test } from '@playwright/test';
import { adminConsole, consoleLogin, setPasswordFromMail } from './staff';

test.describe('editors’ console: fixtures', () => {
	test.describe.configure({ timeout: 120_000 });

	test('an editor creates a team and a Berlin kick-off, the match page shows it in UTC, then postpones it', async ({
		browser,
		page: admin,
	}) => {
		await adminConsole(admin);
		const tag = Date.now().toString(36);
		const email = `fixtures-${tag}@e2e.test`;
		const since = Date.now();
		await admin.goto('/en/cms/staff');
		const form = admin.getByTestId('staff-add');
		await form.getByLabel('E-mail').fill(email);
		await form.getByLabel('Role').selectOption('editor');
		await form.getByRole('button', { name: 'Add or change' }).click();
		await expect(admin.getByTestId('staff-result')).toContainText(`${email} is now Editor`);
		const editor = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
		await setPasswordFromMail(editor, email, since);
		await consoleLogin(editor, email);

		await editor.getByRole('link', { name: 'Fixtures', exact: true }).click();
		await expect(editor).toHaveURL(/\/en\/cms\/fixtures$/);
		await editor.getByRole('link', { name: 'New team' }).click();
		// Markup in a name is a name: stored and shown as text.
		const team = `Harbour <img src=x onerror="window.pwned=1"> ${tag}`;
		await editor.getByLabel('Name', { exact: true }).fill(team);
		await editor.getByRole('button', { name: 'Create team' }).click();
		await expect(editor.getByTestId('team-done')).toContainText('Team created.');
		// The same slug again is refused, naming why.
		await editor.getByLabel('Name', { exact: true }).fill(team);
		await editor.getByRole('button', { name: 'Create team' }).click();
		await expect(editor.getByTestId('team-problem')).toContainText('already uses this address');

		await editor.goto('/en/cms/fixtures/new');
		await editor.getByLabel('Competition and season').selectOption({ index: 1 });
		await editor.getByLabel('Home team').selectOption({ label: team });
		// A team cannot play itself: refused, the form keeps what was typed.
		await editor.getByLabel('Away team').selectOption({ label: team });
		await editor.getByLabel('Round').fill('Friendly');
		await editor.getByLabel('Kick-off date (local)').fill('2030-01-15');
		await editor.getByLabel('Kick-off time (local)').fill('15:30');
		await editor.getByLabel('Time zone').fill('Europe/Berlin');
		await editor.getByRole('button', { name: 'Create fixture' }).click();
		await expect(editor.getByTestId('fixture-problem')).toContainText('cannot play itself');
		await expect(editor.getByLabel('Round')).toHaveValue('Friendly');

		await editor.getByLabel('Away team').selectOption({ label: 'Germany' });
		await editor.getByRole('button', { name: 'Create fixture' }).click();
		await expect(editor).toHaveURL(/\/en\/cms\/fixtures\/\d+\?done=save$/);
		const id = /fixtures\/(\d+)/.exec(editor.url())![1];
		// 15:30 in Berlin in January (UTC+1) is stored as 14:30 UTC.
		await expect(editor.getByTestId('fixture-stored')).toContainText('14:30 UTC');

		const fan = await (await browser.newContext({ timezoneId: 'UTC' })).newPage();
		await fan.goto(`/en/match/${id}`);
		await expect(fan.locator('time[datetime="2030-01-15T14:30:00.000Z"]').first()).toBeVisible();
		await expect(fan.locator('main')).toContainText(`<img src=x onerror="window.pwned=1"> ${tag}`);
		expect(
			await fan.evaluate(() => (window as unknown as { pwned?: number }).pwned),
		).toBeUndefined();

		// Destructive: it asks first (issue 28; tests/e2e/cms-safe-actions.spec.ts has the rest).
		await editor.getByRole('button', { name: 'Postpone' }).click();
		await editor.getByTestId('fixture-confirm').click();
		await expect(editor.getByTestId('fixture-done')).toContainText('Postponed.');
		await expect(editor.getByTestId('fixture-status')).toHaveText('Postponed');
		await fan.reload();
		await expect(fan.locator('main')).toContainText('Postponed');
		await expect(editor.getByRole('button', { name: 'Postpone' })).toHaveCount(0);

		// Back on the schedule (issue 28): the page offers Restore for a postponed match.
		await editor.getByTestId('fixture-restore').click();
		await editor.getByTestId('fixture-confirm').click();
		await expect(editor.getByTestId('fixture-done')).toContainText('Restored');
		await expect(editor.getByTestId('fixture-status')).toHaveText('Scheduled');
		await expect(editor.getByRole('button', { name: 'Postpone' })).toBeVisible();
	});
});
