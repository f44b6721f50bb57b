import { createHmac } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import { htmlValidateErrors } from '../helpers/html-validate';
import { axeViolations } from './axe';
import { registerAndLogIn } from './members';
import { documentsOf, memberPageKinds } from './page-kinds';

/**
 * The whole paying path as a new visitor walks it, in Chromium against the production
 * build with the sandbox provider: register, log in, meet the plan prompt on a paid stream,
 * buy premium with the success card, land on the result, watch; and the decline card.
 */

const PASSWORD = 'Kick-off-at-20:45-sharp';

function registerAndLogin(page: Page): Promise<string> {
	return registerAndLogIn(page, { password: PASSWORD });
}

async function payWithCard(page: Page, card: string): Promise<void> {
	await page.waitForURL(/\/en\/payment\/sandbox\/co_/);
	await page.locator('#card').fill(card);
	await page.locator('#expiry').fill('12/34');
	await page.locator('#cvc').fill('123');
	await page.locator('.sandbox__form button[type="submit"]').click();
}

test('register, meet the plan prompt, buy premium with the success card, watch the stream', async ({
	page,
}) => {
	// Three times the usual time: the signed-in pages are also run through axe four times over.
	test.slow();
	await registerAndLogin(page);

	// A paid stream without a plan: a clear message and a link to the right plan.
	await page.goto('/en/movies?play=demo-movie');
	const locked = page.locator('.player--locked');
	await expect(locked).toContainText('Your plan does not include this stream.');
	await expect(page.locator('video')).toHaveCount(0);
	const planLink = locked.getByRole('link');
	await expect(planLink).toHaveAttribute('href', /\/en\/pricing\?plan=premium-monthly/);
	await planLink.click();

	// Pricing: server-rendered price; the plan asked for is marked, its card's button pays.
	const card = page.locator('#plan-premium-monthly');
	await expect(card).toContainText('£8.99');
	await expect(card).toHaveClass(/chosen/);
	const pay = card.getByRole('button', { name: /Continue to payment/ });
	await expect(pay).toBeEnabled();
	await pay.click();

	await payWithCard(page, '4242 4242 4242 4242');
	await page.waitForURL(/\/en\/payment\/success\?checkout=co_/);
	await expect(page.locator('.payment-status')).toHaveAttribute('data-state', 'paid');
	await expect(page.locator('.payment-status')).toContainText('Payment received');
	// The signed-in pages are valid HTML (html-validity.spec.ts checks the public ones).
	const checkoutId = new URL(page.url()).searchParams.get('checkout')!;
	expect(
		await htmlValidateErrors(await documentsOf(page.request, memberPageKinds(checkoutId))),
	).toEqual([]);
	// ...and pass axe on a phone and a desktop, light and dark (a11y.spec.ts: the public ones).
	const axeFound: Record<string, string[]> = {};
	const viewport = page.viewportSize()!;
	for (const width of [390, 1366]) {
		await page.setViewportSize({ width, height: 900 });
		for (const colorScheme of ['light', 'dark'] as const) {
			await page.emulateMedia({ colorScheme });
			for (const { path } of memberPageKinds(checkoutId)) {
				await page.goto(path);
				const found = await axeViolations(page);
				if (found.length) axeFound[`${path} ${width} ${colorScheme}`] = found;
			}
		}
	}
	expect(axeFound).toEqual({});
	await page.emulateMedia({ colorScheme: null });
	await page.setViewportSize(viewport);

	// Watch: the signed manifest and a segment load, and the video plays.
	const manifest = page.waitForResponse((r) =>
		/\/media\/demo-movie\/index\.m3u8\?exp=\d+&sig=/.test(r.url()),
	);
	const segment = page.waitForResponse((r) =>
		/\/media\/demo-movie\/seg\d+\.ts\?exp=\d+&sig=/.test(r.url()),
	);
	await page.goto('/en/movies?play=demo-movie');
	expect((await manifest).status()).toBe(200);
	expect((await segment).status()).toBe(200);
	await expect(page.locator('video')).toHaveAttribute('data-phase', /playing|paused/, {
		timeout: 20_000,
	});
	const src = (await manifest).url();

	// The same address in another browser context (no login) is refused.
	const stranger = await page.context().browser()!.newContext();
	const copied = await stranger.request.get(src);
	expect(copied.status()).toBe(403);
	await stranger.close();

	// The account page shows the plan, its end date and the payment in the history.
	await page.goto('/en/account');
	await expect(page.getByTestId('signed-in-as')).toContainText('Premium monthly');
	await expect(page.locator('#billing-title')).toBeVisible();
	await expect(page.locator('.billing__history tbody tr')).toHaveCount(1);
	await expect(page.locator('.billing__history')).toContainText('8.99');
});

test("a plan card's own button asks a visitor to log in, and the login comes back to that card", async ({
	page,
}) => {
	await page.goto('/en/pricing?currency=EUR');
	const yearly = page.locator('#plan-premium-yearly');
	await expect(yearly).toHaveClass(/recommended/);
	await expect(yearly).toContainText('Best value');
	await yearly.getByRole('button', { name: 'Continue to payment: Premium yearly' }).click();
	// The island said it on this card (no other card speaks).
	await expect(yearly.getByRole('status')).toContainText('Log in or create an account to pay.');
	await expect(page.locator('#plan-premium-monthly').getByRole('status')).toBeEmpty();
	const login = yearly.getByRole('link', { name: 'Log in' });
	await expect(login).toHaveAttribute(
		'href',
		`/en/login?redirect=${encodeURIComponent('/en/pricing?plan=premium-yearly&currency=EUR#plan-premium-yearly')}`,
	);
});

test('the decline card ends on the failure page with nothing bought', async ({ page }) => {
	await registerAndLogin(page);
	await page.goto('/en/pricing?plan=premium-monthly&currency=EUR');
	await expect(page.locator('#plan-premium-monthly')).toContainText('€9.99');
	await page
		.locator('#plan-premium-monthly')
		.getByRole('button', { name: /Continue to payment/ })
		.click();
	await payWithCard(page, '4000 0000 0000 0002');
	await page.waitForURL(/\/en\/payment\/failure\?checkout=co_/);
	await expect(page.locator('.payment-status')).toHaveAttribute('data-state', 'failed');
	await expect(page.locator('.payment-status')).toContainText('the card was declined');

	// Nothing bought: the stream is still locked.
	await page.goto('/en/movies?play=demo-movie');
	await expect(page.locator('.player--locked')).toBeVisible();
});

test('3-D Secure: a failed authentication fails the payment', async ({ page }) => {
	await registerAndLogin(page);
	await page.goto('/en/pricing?plan=premium-yearly');
	await page
		.locator('#plan-premium-yearly')
		.getByRole('button', { name: /Continue to payment/ })
		.click();
	await payWithCard(page, '4000 0027 6000 3184');
	await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
	await page.getByRole('button', { name: 'Fail authentication' }).click();
	await page.waitForURL(/\/en\/payment\/failure\?checkout=co_/);
	await expect(page.locator('.payment-status')).toContainText('the card authentication failed');
	const id = new URL(page.url()).searchParams.get('checkout');
	await page.goto(`/en/payment/success?checkout=${id}`);
	await expect(page.locator('.payment-status')).toHaveAttribute('data-state', 'failed');
});

test.describe('the webhook endpoint over HTTP', () => {
	const SECRET = 'e2e-sandbox-webhook-secret-0123456789';
	const sign = (body: string, t: number) =>
		`t=${t},v1=${createHmac('sha256', SECRET).update(`${t}.${body}`, 'utf8').digest('hex')}`;
	const event = (t: number) =>
		JSON.stringify({
			id: `evt_${t}x${Math.random().toString(36).slice(2)}`,
			type: 'checkout.paid',
			created: t,
			data: { checkoutId: 'co_does_not_exist', providerRef: 'sbx_x' },
		});

	test('refuses unsigned, forged and stale deliveries without echoing secrets (D1, D2)', async ({
		request,
	}) => {
		const now = Math.floor(Date.now() / 1000);
		const body = event(now);
		const cases: [string, Record<string, string>, string, string][] = [
			['no signature', {}, body, 'missing_signature'],
			['malformed header', { 'sandbox-signature': 'garbage' }, body, 'invalid_signature'],
			[
				'wrong secret',
				{ 'sandbox-signature': `t=${now},v1=${'0'.repeat(64)}` },
				body,
				'invalid_signature',
			],
			[
				'body changed by one byte',
				{ 'sandbox-signature': sign(body, now) },
				body.replace('"created"', '"created" '),
				'invalid_signature',
			],
			[
				'301 s old',
				{ 'sandbox-signature': sign(body, now - 301) },
				body,
				'timestamp_outside_tolerance',
			],
			[
				'10 min ahead',
				{ 'sandbox-signature': sign(body, now + 600) },
				body,
				'timestamp_outside_tolerance',
			],
		];
		for (const [name, headers, sent, code] of cases) {
			const response = await request.post('/api/payments/webhook/sandbox', {
				headers: { 'Content-Type': 'application/json', ...headers },
				data: sent,
			});
			expect(response.status(), name).toBe(400);
			const text = await response.text();
			expect(text, name).not.toContain(SECRET);
			expect(JSON.parse(text).error, name).toBe(code);
		}
	});

	test('a signed JSON delivery passes the origin check and is verified on its raw bytes', async ({
		request,
	}) => {
		const now = Math.floor(Date.now() / 1000);
		const body = event(now);
		// No Origin header, as a provider sends it: JSON bodies are exempt from checkOrigin.
		const response = await request.post('/api/payments/webhook/sandbox', {
			headers: { 'Content-Type': 'application/json', 'sandbox-signature': sign(body, now) },
			data: body,
		});
		// A valid signature reaches the handler: an unknown checkout is acknowledged (nothing to
		// change), never an error the provider would retry forever.
		expect(response.status()).toBe(200);
		const formPost = await request.post('/api/payments/webhook/sandbox', {
			headers: {
				'Content-Type': 'application/x-www-form-urlencoded',
				'sandbox-signature': sign(body, now),
				Origin: 'https://evil.example',
			},
			data: body,
		});
		expect(formPost.status()).toBe(403);
	});
});
