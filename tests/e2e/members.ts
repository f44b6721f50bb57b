import type { Page } from '@playwright/test';

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
