import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** Staff helpers shared by the console's tests and the tests that score through it. */
// The server of playwright.config.ts writes mail into DATA_DIR/outbox and names
// chief@e2e.test as ADMIN_EMAIL: registering it mails a link that sets its password.
export const OUTBOX = join(process.cwd(), '.data/e2e/outbox');
export const ADMIN = 'chief@e2e.test';
export const PASSWORD = 'a long and happy passphrase';
/** What the public page must show a console change within (the bar). */
export const LIVE_MS = 2_000;

export function latestMail(to: string, kind: string, after: number): { text: string } | undefined {
	let files: string[] = [];
	try {
		files = readdirSync(OUTBOX).filter((f) => f.endsWith('.json'));
	} catch {
		return undefined;
	}
	const mails = files
		.map((f) => {
			// A mail still being written reads as broken JSON: skip it, the next poll sees it.
			try {
				return JSON.parse(readFileSync(join(OUTBOX, f), 'utf8')) as Record<string, string>;
			} catch {
				return {} as Record<string, string>;
			}
		})
		.filter((m) => m.to === to && m.kind === kind && Date.parse(m.date ?? '') >= after - 1000);
	return mails.at(-1) as { text: string } | undefined;
}

/** Follows the mailed one-use link and sets the password. */
export async function setPasswordFromMail(page: Page, email: string, since: number): Promise<void> {
	let mail: { text: string } | undefined;
	await expect
		.poll(() => (mail = latestMail(email, 'admin-setup', since)) !== undefined)
		.toBe(true);
	const link = /https?:\/\/\S+\/auth\/reset-password\?token=[\w-]+/.exec(mail!.text)?.[0];
	expect(link).toBeDefined();
	await page.goto(link!);
	await page.getByLabel('New password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Save the new password' }).click();
	await expect(page).toHaveURL(/\/login\?notice=reset/);
}

export async function consoleLogin(page: Page, email: string): Promise<void> {
	await page.goto('/en/cms/login');
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('Password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Log in' }).click();
	await expect(page).toHaveURL(/\/en\/cms$/);
	await expect(page.getByTestId('cms-who')).toContainText(email);
}

/** Registers the first administrator (ADMIN_EMAIL) and sets its password from the mail. */
async function createAdmin(page: Page): Promise<void> {
	const since = Date.now();
	await page.goto('/en/register');
	await page.getByLabel('Name').fill('Chief');
	await page.getByLabel('E-mail address').fill(ADMIN);
	await page.getByLabel('New password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Create account' }).click();
	await setPasswordFromMail(page, ADMIN, since);
}

/**
 * The first administrator (ADMIN_EMAIL), logged in to the console: registered and given its
 * password from the mail, unless an earlier test of the run already did.
 */
export async function registerAdmin(page: Page): Promise<void> {
	const exists = await page.request.post('/api/auth/cms/login', {
		data: { email: ADMIN, password: PASSWORD },
	});
	// The probe's session is not the one under test: the console's own form logs in below.
	await page.context().clearCookies();
	if (exists.status() === 401) await createAdmin(page);
	await consoleLogin(page, ADMIN);
}

/**
 * The bearer header of a console token for the administrator (`data.token.access_token`),
 * creating the administrator first when no earlier test did. One login: the console's
 * logins are rate-limited per address.
 */
export async function adminBearer(page: Page): Promise<Record<string, string>> {
	const login = () =>
		page.request.post('/api/auth/cms/login', { data: { email: ADMIN, password: PASSWORD } });
	let answer = await login();
	if (answer.status() === 401) {
		await createAdmin(page);
		answer = await login();
	}
	expect(answer.status()).toBe(200);
	const body = (await answer.json()) as { data: { token: { access_token: string } } };
	return { Authorization: `Bearer ${body.data.token.access_token}` };
}

/** The administrator in the console, registered first when no earlier test did. */
export async function adminConsole(page: Page): Promise<void> {
	// The token's login also sets the console cookies of this browser context.
	await adminBearer(page);
	await page.goto('/en/cms');
	if (!(await page.getByTestId('cms-who').isVisible())) await consoleLogin(page, ADMIN);
	await expect(page.getByTestId('cms-who')).toContainText(ADMIN);
}
