import { expect, test, type Page } from '@playwright/test';

// Finding 4 of the hardening issue: a logout the server did not confirm must not look like
// one. The logout call is intercepted; the island must stay on the page and say so.
const PASSWORD = 'a long and happy passphrase';
const unique = () => `logout-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function signedIn(page: Page): Promise<void> {
	const email = unique();
	await page.goto('/en/register');
	await page.getByLabel('Name').fill('Logout Fan');
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('New password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Create account' }).click();
	await expect(page).toHaveURL(/\/en\/login\?notice=registered/);
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('Password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Log in' }).click();
	await expect(page).toHaveURL(/\/en$/);
	await page.goto('/en/account');
	await expect(page.getByTestId('logout')).toBeVisible();
}

test.describe('finding 4: a failed logout', () => {
	test('finding 4: the server cannot be reached: the page stays and says so; the session lives on', async ({
		page,
	}) => {
		await signedIn(page);
		await page.route('**/api/auth/logout', (route) => route.abort('internetdisconnected'));
		await page.getByTestId('logout').click();
		await expect(page.getByTestId('logout-failed')).toHaveText(/server could not be reached/);
		await expect(page).toHaveURL(/\/en\/account$/);
		// It was not a logout: with the server back, the session is still there and can end.
		await page.unroute('**/api/auth/logout');
		await page.reload();
		await expect(page).toHaveURL(/\/en\/account$/);
		await page.getByTestId('logout').click();
		await expect(page).toHaveURL(/\/en$/);
	});

	test('finding 4: the server answers an error: the page stays and says so', async ({ page }) => {
		await signedIn(page);
		await page.route('**/api/auth/logout', (route) =>
			route.fulfill({
				status: 503,
				contentType: 'application/json',
				body: '{"error":"unavailable"}',
			}),
		);
		await page.getByTestId('logout').click();
		await expect(page.getByTestId('logout-failed')).toBeVisible();
		await expect(page).toHaveURL(/\/en\/account$/);
	});
});
