import { type Browser, expect, type Page, test } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { ADMIN, adminBearer, consoleLogin, PASSWORD, setPasswordFromMail } from './staff';

/**
 * The administrator, created when no earlier test did, logged in to the console (the API
 * login sets the console cookies in this browser too).
 */
async function adminConsole(page: Page): Promise<void> {
	await adminBearer(page);
	await page.goto('/en/cms');
	await expect(page.getByTestId('cms-who')).toContainText(ADMIN);
}

/** A fan with an account, logged in on the site in a browser of their own. */
async function fanBrowser(browser: Browser, email: string): Promise<Page> {
	const fan = await (await browser.newContext()).newPage();
	const made = await fan.request.post('/api/auth/register', {
		data: { email, password: PASSWORD, name: 'Loyal Fan' },
	});
	expect(made.status()).toBeLessThan(300);
	const login = await fan.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
	expect(login.status()).toBe(200);
	return fan;
}

/** The authenticator app: the code for a moment, from the key the page shows as text. */
function code(secret: string, at: number): string {
	const totp = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30 });
	return totp.generate({ timestamp: at });
}

test.describe('editors’ console: people and two-step verification', () => {
	test.describe.configure({ timeout: 180_000 });

	test('an admin finds a fan by e-mail, grants a complimentary plan and disables the account', async ({
		browser,
		page: admin,
	}) => {
		const tag = Date.now().toString(36);
		const email = `fan-${tag}@people.e2e.test`;
		const fan = await fanBrowser(browser, email);
		expect((await fan.request.get('/api/me')).status()).toBe(200);

		await adminConsole(admin);
		await admin
			.getByRole('navigation', { name: 'Console' })
			.getByRole('link', { name: 'People' })
			.click();
		await expect(admin).toHaveURL(/\/en\/cms\/people$/);
		// Part of the address is enough.
		await admin.getByLabel('Find by e-mail').fill(`fan-${tag}`);
		await admin.getByRole('button', { name: 'Find' }).click();
		await expect(admin.getByTestId('people-list')).toContainText(email);
		await admin.getByTestId('people-list').getByRole('link', { name: email }).click();
		const person = admin.getByTestId('person');
		await expect(person.getByRole('heading', { name: email })).toBeVisible();
		await expect(admin.getByTestId('person-plan')).toHaveText('Free');

		const until = new Date(Date.now() + 60 * 86_400_000).toISOString().slice(0, 10);
		const grant = admin.getByTestId('grant-form');
		await grant.getByLabel('Plan').selectOption('premium-yearly');
		await grant.getByLabel('Until').fill(until);
		await grant.getByRole('button', { name: 'Grant' }).click();
		await expect(admin.getByTestId('people-result')).toHaveText(
			`${email} has the complimentary plan.`,
		);
		await expect(admin.getByTestId('person-plan')).toContainText('Premium yearly until');
		// The fan's own account now has the plan.
		const me = (await (await fan.request.get('/api/me')).json()) as { data: { plan: string } };
		expect(me.data.plan).toBe('premium-yearly');

		await admin.getByRole('button', { name: 'Disable account' }).click();
		await expect(admin.getByTestId('people-result')).toHaveText(
			`${email} is disabled and logged out everywhere.`,
		);
		await expect(admin.getByTestId('person-state')).toHaveText('disabled');
		// The fan's open session ended, and logging in again is refused.
		expect((await fan.request.get('/api/me')).status()).toBe(401);
		const again = await fan.request.post('/api/auth/login', {
			data: { email, password: PASSWORD },
		});
		expect(again.status()).toBe(401);
	});

	test('a staff member enrols in two-step verification and then logs in with a code', async ({
		browser,
		page: admin,
	}) => {
		const tag = Date.now().toString(36);
		const email = `editor-${tag}@e2e.test`;
		await adminConsole(admin);
		const since = Date.now();
		await admin.goto('/en/cms/staff');
		const form = admin.getByTestId('staff-add');
		await form.getByLabel('E-mail').fill(email);
		await form.getByLabel('Role').selectOption('editor');
		await form.getByRole('button', { name: 'Add or change' }).click();
		await expect(admin.getByTestId('staff-result')).toContainText(`${email} is now Editor`);

		const editor = await (await browser.newContext()).newPage();
		await setPasswordFromMail(editor, email, since);
		await consoleLogin(editor, email);
		await editor.getByRole('link', { name: 'Security' }).click();
		await expect(editor.getByTestId('totp-off')).toBeVisible();
		await expect(
			editor.getByRole('img', { name: 'QR code for your authenticator app' }),
		).toBeVisible();
		const secret = await editor.getByTestId('totp-secret').getAttribute('data-secret');
		expect(secret).toMatch(/^[A-Z2-7]{32}$/);
		await editor.getByLabel('Code').fill(code(secret!, Date.now()));
		await editor.getByRole('button', { name: 'Turn on' }).click();
		const codes = editor.getByTestId('recovery-codes').locator('li');
		await expect(codes).toHaveCount(10);
		// Shown once: the page now only says it is on, never the secret again.
		await editor.reload();
		await expect(editor.getByTestId('totp-on')).toContainText('Recovery codes left: 10.');
		await expect(editor.getByTestId('totp-secret')).toHaveCount(0);

		await editor.getByRole('button', { name: 'Log out' }).click();
		await editor.goto('/en/cms/login');
		await editor.getByLabel('E-mail address').fill(email);
		await editor.getByLabel('Password').fill(PASSWORD);
		await editor.getByRole('button', { name: 'Log in' }).click();
		await expect(editor).toHaveURL(/\/en\/cms\/login\?step=code/);
		// A wrong code is refused and the step stays.
		await editor.getByLabel('Code').fill('000000');
		await editor.getByRole('button', { name: 'Verify' }).click();
		await expect(editor.getByTestId('form-error')).toHaveText(
			'That code is not valid, or it has already been used.',
		);
		// The next step's code (the enrolment used this one; a code is good once).
		await editor.getByLabel('Code').fill(code(secret!, Date.now() + 30_000));
		await editor.getByRole('button', { name: 'Verify' }).click();
		await expect(editor).toHaveURL(/\/en\/cms$/);
		await expect(editor.getByTestId('cms-who')).toContainText(email);
	});
});
