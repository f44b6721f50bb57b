import { expect, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { consoleLogin, registerAdmin, setPasswordFromMail } from './staff';

const code = (secret: string) =>
	new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
		timestamp: Date.now(),
	});

// Issue 13: an admin assigns a scorer to a match (and only that match is theirs to score),
// and turns off a scorer's two-step verification from the staff page, with a confirmation.
test.describe('editors’ console: assignments and a TOTP reset', () => {
	test.describe.configure({ timeout: 240_000 });

	test('assign → the scorer scores only that match → unassign; TOTP turned off by the admin', async ({
		browser,
		page: admin,
	}) => {
		await registerAdmin(admin);
		const tag = Date.now().toString(36);
		const email = `assigned-${tag}@e2e.test`;
		const since = Date.now();
		await admin.goto('/en/cms/staff');
		const form = admin.getByTestId('staff-add');
		await form.getByLabel('E-mail').fill(email);
		await form.getByLabel('Role').selectOption('scorer');
		await form.getByRole('button', { name: 'Add or change' }).click();
		const scorer = await (await browser.newContext()).newPage();
		await setPasswordFromMail(scorer, email, since);
		await consoleLogin(scorer, email);

		// Two matches from the admin's dashboard: one assigned, one not.
		await admin.goto('/en/cms');
		const links = admin.getByTestId('cms-needs-result').locator('a[data-match-id]');
		const mine = await links.nth(1).getAttribute('data-match-id');
		const other = await links.nth(2).getAttribute('data-match-id');
		await admin.goto(`/en/cms/matches/${mine}`);
		await admin.getByRole('link', { name: 'Scorers' }).click();
		await admin.getByLabel("Scorer's e-mail").fill(email);
		await admin.getByRole('button', { name: 'Assign' }).click();
		await expect(admin.getByTestId('assign-result')).toContainText(`${email} is assigned`);
		await expect(admin.getByTestId('assign-list')).toContainText(email);

		await scorer.goto(`/en/cms/matches/${other}`);
		await expect(scorer.getByText('Your role does not score matches.')).toBeVisible();
		await expect(scorer.getByTestId('goal-home')).toHaveCount(0);
		await scorer.goto(`/en/cms/matches/${mine}`);
		await expect(scorer.getByTestId('goal-home')).toBeVisible();

		await admin.getByRole('button', { name: `Remove: ${email}` }).click();
		await expect(admin.getByTestId('assign-result')).toContainText('no longer assigned');
		await scorer.goto(`/en/cms/matches/${other}`);
		await expect(scorer.getByTestId('goal-home')).toBeVisible();

		// The scorer turns two-step verification on…
		await scorer.goto('/en/cms/security');
		const secret = await scorer.getByTestId('totp-secret').getAttribute('data-secret');
		await scorer.getByLabel('Code').fill(code(secret!));
		await scorer.getByRole('button', { name: 'Turn on' }).click();
		await expect(scorer.getByTestId('recovery-codes').locator('li')).toHaveCount(10);

		// …and the admin turns it off, proving it is them with a code of their own (issue
		// 28/5): so the admin turns theirs on first, and off again at the end (the admin is
		// shared by every console spec, which log in with the password alone).
		await admin.goto('/en/cms/security');
		const adminSecret = await admin.getByTestId('totp-secret').getAttribute('data-secret');
		await admin.getByLabel('Code').fill(code(adminSecret!));
		await admin.getByRole('button', { name: 'Turn on' }).click();
		const adminCodes = await admin.getByTestId('recovery-codes').locator('li').allTextContents();
		expect(adminCodes).toHaveLength(10);
		try {
			// Not without ticking the box and their own code, then with both.
			await admin.goto('/en/cms/staff');
			const row = admin.getByTestId('staff-list').locator('li', { hasText: email });
			const reset = row.getByTestId('staff-totp-off');
			await reset.getByRole('button', { name: 'Turn off two-step verification' }).click();
			await expect(admin.getByTestId('totp-result')).toHaveCount(0);
			await reset.getByLabel(`Yes, turn off two-step verification for ${email}`).check();
			await reset.getByLabel('Your own current code (or a recovery code)').fill('000000');
			await reset.getByRole('button', { name: 'Turn off two-step verification' }).click();
			await expect(admin.getByTestId('totp-result')).toContainText('your own code was wrong');
			const again = admin
				.getByTestId('staff-list')
				.locator('li', { hasText: email })
				.getByTestId('staff-totp-off');
			await again.getByLabel(`Yes, turn off two-step verification for ${email}`).check();
			await again
				.getByLabel('Your own current code (or a recovery code)')
				.fill(adminCodes[0]!.trim());
			await again.getByRole('button', { name: 'Turn off two-step verification' }).click();
			await expect(admin.getByTestId('totp-result')).toContainText(
				`Two-step verification is off for ${email}`,
			);
		} finally {
			await admin.goto('/en/cms/security');
			await admin.getByLabel('Code').fill(adminCodes[1]!.trim());
			await admin.getByRole('button', { name: 'Turn off' }).click();
			await expect(admin.getByTestId('totp-secret')).toBeVisible();
		}
		await expect(
			admin
				.getByTestId('staff-list')
				.locator('li', { hasText: email })
				.getByTestId('staff-totp-off'),
		).toHaveCount(0);
		await scorer.goto('/en/cms/security');
		await expect(scorer.getByTestId('totp-secret')).toBeVisible();
		await admin.goto(`/en/cms/audit?action=totp.disable`);
		await expect(admin.locator('main')).toContainText(`user:${email}`);
	});
});
