import { expect, test, type Page } from '@playwright/test';

const PASSWORD = 'a long and happy passphrase';
// Islands hydrate after their script arrives; a busy machine can take longer than 5 s.
const slow = expect.configure({ timeout: 20_000 });
const unique = () => `follow-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function registerAndLogIn(page: Page, email: string): Promise<void> {
	await page.goto('/en/register');
	await page.getByLabel('Name').fill('Follower');
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('New password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Create account' }).click();
	await expect(page).toHaveURL(/\/en\/login\?notice=registered/);
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('Password').fill(PASSWORD);
	await page.getByRole('button', { name: 'Log in' }).click();
	await expect(page).not.toHaveURL(/\/login/);
}

test.describe('following', () => {
	test('a guest follows a team, sees it in My matches, and keeps it after registering', async ({
		page,
	}) => {
		test.setTimeout(120_000);
		await page.goto('/en/team/argentina');
		const star = page.getByTestId('follow-button');
		await slow(star).toBeEnabled();
		await slow(star).toHaveAttribute('aria-pressed', 'false');
		await star.click();
		await slow(star).toHaveAttribute('aria-pressed', 'true');
		await slow(star).toContainText('Following');
		const stored = await page.evaluate(() => localStorage.getItem('matchday.follows'));
		expect(JSON.parse(stored ?? '[]')).toEqual([{ kind: 'team', id: expect.any(Number) }]);

		await page.goto('/en');
		const mine = page.getByTestId('my-matches');
		await slow(mine.getByRole('heading', { name: 'My matches' })).toBeVisible();
		await slow(mine.locator('li').first()).toContainText('Argentina');
		// The page itself stays shared: nothing of the visitor's list is in its HTML.
		const html = await (await page.request.get('/en', { headers: { cookie: '' } })).text();
		expect(html.includes('data-testid="my-matches"'), 'the box is in the page').toBe(true);
		expect(html.includes('class="my-list"'), 'no personal list in the HTML').toBe(false);

		await registerAndLogIn(page, unique());
		await page.goto('/en');
		await slow(page.getByTestId('my-matches').locator('li').first()).toContainText('Argentina');
		await expect
			.poll(() => page.evaluate(() => localStorage.getItem('matchday.follows')))
			.toBeNull();
		const api = await page.request.get('/api/me/follows');
		expect(api.headers()['cache-control']).toContain('no-store');
		const body = (await api.json()) as { data: { follows: { name: string }[] } };
		expect(body.data.follows.map((f) => f.name)).toEqual(['Argentina']);

		// The team page shows the follow state for the member too.
		await page.goto('/en/team/argentina');
		await slow(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');

		// The account page lists follows; a league added from its page joins, then both go.
		await page.goto('/en/league/world-cup');
		await page.getByTestId('follow-button').click();
		await slow(page.getByTestId('follow-button')).toHaveAttribute('aria-pressed', 'true');
		await page.goto('/en/account');
		const list = page.getByTestId('follow-list');
		await slow(list.locator('li')).toHaveCount(2);
		await slow(list.locator('li').first()).toContainText('Argentina');
		await list.getByRole('button', { name: /Move down: Argentina/ }).click();
		await slow(list.locator('li').first()).not.toContainText('Argentina');
		await page.reload();
		await slow(page.getByTestId('follow-list').locator('li').last()).toContainText('Argentina');
		await page.getByRole('button', { name: 'Remove: Argentina' }).click();
		await slow(page.getByTestId('follow-list').locator('li')).toHaveCount(1);
	});
});
