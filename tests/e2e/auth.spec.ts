import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';

// The server of playwright.config.ts writes mail into DATA_DIR/outbox (no SMTP_URL).
const OUTBOX = join(process.cwd(), '.data/e2e/outbox');
const PASSWORD = 'a long and happy passphrase';
const unique = () => `fan-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;

async function register(page: Page, email: string, password = PASSWORD): Promise<void> {
	await page.goto('/en/register');
	await page.getByLabel('Name').fill('Playwright Fan');
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('New password').fill(password);
	await page.getByRole('button', { name: 'Create account' }).click();
	await expect(page).toHaveURL(/\/en\/login\?notice=registered/);
}

async function logIn(page: Page, email: string, password = PASSWORD): Promise<void> {
	await page.getByLabel('E-mail address').fill(email);
	await page.getByLabel('Password').fill(password);
	await page.getByRole('button', { name: 'Log in' }).click();
}

async function cookie(context: BrowserContext, name: string) {
	return (await context.cookies()).find((c) => c.name === name);
}

function latestMail(to: string, kind: string): { text: string } | undefined {
	let files: string[] = [];
	try {
		files = readdirSync(OUTBOX)
			.filter((f) => f.endsWith('.json'))
			.sort();
	} catch {
		return undefined;
	}
	for (const file of files.reverse()) {
		const mail = JSON.parse(readFileSync(join(OUTBOX, file), 'utf8')) as {
			to: string;
			kind: string;
			text: string;
		};
		if (mail.to === to && mail.kind === kind) return mail;
	}
	return undefined;
}

test.describe('accounts', () => {
	test('signed-in visitors share cached public pages, with their own header, never the anonymous page', async ({
		page,
		browser,
	}) => {
		const email = unique();
		await register(page, email);
		await logIn(page, email);
		await expect(page.locator('header a.account')).toHaveAccessibleName('My account');
		// Another signed-in visitor renders the page first; this one is then served from the cache.
		const other = await browser.newPage();
		const otherEmail = unique();
		await register(other, otherEmail);
		await logIn(other, otherEmail);
		await expect(other.locator('header a.account')).toHaveAccessibleName('My account');
		// Both have been home, whose script stores the browser's zone in the `tz` cookie (part
		// of the cache key): wait for it, or the two would ask for different keys.
		for (const p of [page, other]) {
			await expect.poll(async () => (await cookie(p.context(), 'tz'))?.value).toBeTruthy();
		}
		await other.goto('/en/faq');
		const response = await page.goto('/en/faq');
		expect(response!.headers()['x-cache']).toBe('HIT');
		expect(response!.headers()['cache-control']).toBe('private, no-store');
		await expect(page.locator('header a.account')).toHaveAccessibleName('My account');
		await expect(page.locator('header a.account')).toHaveAttribute('href', '/en/account');
		// Anonymous visitors get their own page, with "Log in".
		const anonymous = await browser.newPage();
		await anonymous.goto('/en/faq');
		await expect(anonymous.locator('header a.account')).toHaveAttribute('href', '/en/login');
		await other.close();
		await anonymous.close();
	});

	test('register, reach a protected page through login, and land back on it', async ({
		page,
		context,
	}) => {
		const email = unique();
		await register(page, email);
		await page.goto('/en/account');
		await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Faccount$/);
		await logIn(page, email);
		await expect(page).toHaveURL(/\/en\/account$/);
		await expect(page.getByTestId('signed-in-as')).toContainText(email);
		// The header now offers "My account".
		await expect(page.locator('header a.account')).toHaveAccessibleName('My account');
		// A logged-in visitor opening login or register goes home.
		await page.goto('/en/login');
		await expect(page).toHaveURL(/\/en$/);
		await page.goto('/en/register');
		await expect(page).toHaveURL(/\/en$/);
		// The refresh cookie is httpOnly: scripts cannot read it; the expiry hint is readable.
		const visible = await page.evaluate(() => document.cookie);
		expect(visible).not.toContain('auth._refresh_token.local');
		expect(visible).not.toContain('auth._token.local=');
		expect(visible).toContain('auth._token_expiration.local=');
		expect((await cookie(context, 'auth._refresh_token.local'))?.httpOnly).toBe(true);
	});

	test('instant validation and a translated server error', async ({ page }) => {
		await page.goto('/de/register');
		await page.getByLabel('Neues Passwort').fill('kurz');
		await page.getByLabel('Neues Passwort').blur();
		await expect(page.getByRole('alert')).toContainText('mindestens 8 Zeichen');
		await page.goto('/de/login');
		await page.getByLabel('E-Mail-Adresse').fill('nobody@example.com');
		await page.getByLabel('Passwort', { exact: true }).fill('wrong password');
		await page.getByRole('button', { name: 'Anmelden' }).click();
		await expect(page.getByRole('alert')).toContainText('passen nicht zusammen');
	});

	test('refresh after expiry: the page clock passes the access lifetime; the store refreshes once', async ({
		page,
		context,
	}) => {
		const email = unique();
		await register(page, email);
		await logIn(page, email);
		await expect(page).toHaveURL(/\/en$/);
		const before = (await cookie(context, 'auth._refresh_token.local'))?.value;
		// Browser clock 25 h ahead: the access token is expired in the page's eyes.
		await page.clock.install({ time: Date.now() + 25 * 3600 * 1000 });
		const refreshed = page.waitForResponse((r) => r.url().endsWith('/api/auth/refresh-token'));
		await page.goto('/en/account');
		expect((await refreshed).status()).toBe(200);
		await expect(page).toHaveURL(/\/en\/account$/);
		await expect
			.poll(async () => (await cookie(context, 'auth._refresh_token.local'))?.value)
			.not.toBe(before);
		// Server side too: with the access cookie gone, a page load renews from the refresh cookie.
		await context.clearCookies({ name: 'auth._token.local' });
		await page.goto('/en/account');
		await expect(page).toHaveURL(/\/en\/account$/);
		expect(await cookie(context, 'auth._token.local')).toBeDefined();
	});

	test('log out everywhere ends the other browser too', async ({ browser }) => {
		const email = unique();
		const a = await browser.newContext();
		const b = await browser.newContext();
		const pageA = await a.newPage();
		const pageB = await b.newPage();
		await register(pageA, email);
		await logIn(pageA, email);
		await pageB.goto('/en/login');
		await logIn(pageB, email);
		await expect(pageB).toHaveURL(/\/en$/);
		await pageA.goto('/en/account');
		await expect(pageA.getByTestId('sessions').locator('li')).toHaveCount(2);
		await pageA.getByTestId('logout-all').click();
		await expect(pageA).toHaveURL(/\/en$/);
		await pageB.goto('/en/account');
		await expect(pageB).toHaveURL(/\/en\/login\?redirect=/);
		await pageA.goto('/en/account');
		await expect(pageA).toHaveURL(/\/en\/login\?redirect=/);
		await a.close();
		await b.close();
	});

	test('reset a password from the mail that arrived in the outbox', async ({ page }) => {
		const email = unique();
		await register(page, email);
		await page.goto('/fr/auth/reset-password');
		await page.getByLabel('Adresse e-mail').fill(email);
		await page.getByRole('button', { name: 'Envoyer le lien' }).click();
		await expect(page.getByTestId('form-notice')).toBeVisible();
		let mail: { text: string } | undefined;
		await expect.poll(() => (mail = latestMail(email, 'reset-password')) !== undefined).toBe(true);
		const link = /https?:\/\/\S+\/fr\/auth\/reset-password\?token=[\w-]+/.exec(mail!.text)?.[0];
		expect(link).toBeDefined();
		// The link's answer moves the token into a cookie, with no Referer, and drops it from the URL.
		const handoff = page.waitForResponse((r) => r.url().includes('token=') && r.status() === 303);
		await page.goto(link!);
		expect((await handoff).headers()['referrer-policy']).toBe('no-referrer');
		await expect(page).toHaveURL(/\/fr\/auth\/reset-password\?step=set$/);
		await page.getByLabel('Nouveau mot de passe').fill('brand new passphrase here');
		await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
		await expect(page).toHaveURL(/\/fr\/login\?notice=reset/);
		await page.getByLabel('Adresse e-mail').fill(email);
		await page.getByLabel('Mot de passe', { exact: true }).fill('brand new passphrase here');
		await page.getByRole('button', { name: 'Se connecter' }).click();
		await expect(page).toHaveURL(/\/fr$/);
		// The link works once.
		await page.goto(link!);
		await page.getByLabel('Nouveau mot de passe').fill('yet another passphrase');
		await page.getByRole('button', { name: 'Enregistrer le nouveau mot de passe' }).click();
		await expect(page.getByTestId('form-error')).toBeVisible();
	});

	test.describe('with JavaScript off', () => {
		test.use({ javaScriptEnabled: false });
		test('forms post and answer with redirects; logout lands on the locale home', async ({
			page,
		}) => {
			const email = unique();
			await register(page, email);
			await page.goto('/en/login?redirect=%2Fen%2Faccount');
			await logIn(page, email);
			await expect(page).toHaveURL(/\/en\/account$/);
			await page.getByTestId('logout').click();
			await expect(page).toHaveURL(/\/en$/);
			await page.goto('/en/login?redirect=%2F%2Fevil.com');
			await logIn(page, email);
			await expect(page).toHaveURL(/\/en$/);
		});
	});

	test('E4: a cross-site form post to the login page is refused', async ({ request }) => {
		const response = await request.post('/en/login', {
			headers: {
				origin: 'https://evil.example',
				'content-type': 'application/x-www-form-urlencoded',
			},
			data: 'email=a%40example.com&password=x',
		});
		expect(response.status()).toBe(403);
	});

	test('H5: GET /api/auth/logout is 405; H3: no CORS for another origin', async ({ request }) => {
		expect((await request.get('/api/auth/logout')).status()).toBe(405);
		const preflight = await request.fetch('/api/me', {
			method: 'OPTIONS',
			headers: { origin: 'https://evil.example', 'access-control-request-method': 'GET' },
		});
		expect(preflight.headers()['access-control-allow-origin']).toBeUndefined();
		const me = await request.get('/api/me?access_token=abc', {
			headers: { origin: 'https://evil.example' },
		});
		expect(me.status()).toBe(401);
		expect(me.headers()['access-control-allow-origin']).toBeUndefined();
	});
});
