import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, type Page } from '@playwright/test';

/** A long enough password for every member the browser tests register. */
export const MEMBER_PASSWORD = 'a long and happy passphrase';

/**
 * Registers a new member through the site's own form and logs in; the page ends wherever
 * login lands (home). Returns the address, unique per call.
 */
export async function registerAndLogIn(
	page: Page,
	{ name = 'Test Fan', prefix = 'fan', password = MEMBER_PASSWORD } = {},
): Promise<string> {
	const email = `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
	await page.goto('/en/register');
	const form = page.getByTestId('register-form');
	await form.locator('input[name="name"]').fill(name);
	await form.locator('input[name="email"]').fill(email);
	await form.locator('input[name="password"]').fill(password);
	await form.locator('button[type="submit"]').click();
	await page.waitForURL(/\/en\/login/);
	await page.locator('input[name="email"]').fill(email);
	await page.locator('input[name="password"]').fill(password);
	await page.locator('main form button[type="submit"]').click();
	await page.waitForURL((url) => !url.pathname.includes('/login'));
	return email;
}

// The server of playwright.config.ts writes mail into DATA_DIR/outbox (no SMTP_URL).
const OUTBOX = join(process.cwd(), '.data/e2e/outbox');

/** The newest mail of `kind` to `to` in the outbox folder, once the mail worker wrote it. */
function mailTo(to: string, kind: string): { text: string } | undefined {
	let files: string[] = [];
	try {
		files = readdirSync(OUTBOX).filter((f) => f.endsWith('.json'));
	} catch {
		return undefined;
	}
	const mails = files.flatMap((f) => {
		// A mail still being written reads as broken JSON: the next poll sees it whole.
		try {
			return [JSON.parse(readFileSync(join(OUTBOX, f), 'utf8')) as Record<string, string>];
		} catch {
			return [];
		}
	});
	return mails.filter((m) => m.to === to && m.kind === kind).at(-1) as { text: string } | undefined;
}

/**
 * Confirms a member's address the way the member would (issue 28/7: only confirmed accounts
 * count on leaderboards): the welcome mail's link, then the page's one button.
 */
export async function confirmEmailFromMail(page: Page, email: string): Promise<void> {
	let mail: { text: string } | undefined;
	await expect.poll(() => (mail = mailTo(email, 'welcome')) !== undefined).toBe(true);
	const link = /https?:\/\/\S+\/auth\/confirm-email\?token=[\w-]+/.exec(mail!.text)?.[0];
	expect(link).toBeDefined();
	await page.goto(link!);
	await page.getByTestId('confirm-email-submit').click();
	await expect(page.getByTestId('form-notice')).toBeVisible();
}
