import { type Browser, expect, type Page, test } from '@playwright/test';
import { ADMIN, adminBearer, consoleLogin, setPasswordFromMail } from './staff';

/**
 * Plans and deals in the console (issue 13), in Chromium against the production build with
 * the sandbox provider: an admin changes a price and /pricing shows it at once; an admin
 * makes a deal with a use limit of 1, a visitor follows its link and pays the deal price
 * with the sandbox card, and a second visitor's use is refused with a message.
 */

const PASSWORD = 'Kick-off-at-20:45-sharp';

async function adminConsole(page: Page): Promise<void> {
	await adminBearer(page);
	await page.goto('/en/cms');
}

/** A visitor with an account, logged in, in a browser of their own. */
async function visitor(browser: Browser, tag: string): Promise<Page> {
	const page = await (await browser.newContext()).newPage();
	const email = `${tag}-${Date.now().toString(36)}@deals.e2e.test`;
	const made = await page.request.post('/api/auth/register', {
		data: { email, password: PASSWORD, name: 'Deal Hunter' },
	});
	expect(made.status()).toBeLessThan(300);
	const login = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } });
	expect(login.status()).toBe(200);
	return page;
}

test.describe('editors’ console: plans and deals', () => {
	test.describe.configure({ timeout: 180_000 });

	test('an admin changes a price and /pricing shows it at once', async ({ page }) => {
		await adminConsole(page);
		await page
			.getByRole('navigation', { name: 'Console' })
			.getByRole('link', { name: 'Plans' })
			.click();
		await expect(page).toHaveURL(/\/en\/cms\/plans$/);
		const yearly = page.getByTestId('plan-premium-yearly');
		await expect(yearly.getByLabel('Price in USD')).toHaveValue('10900');
		await yearly.getByLabel('Price in USD').fill('11900');
		await yearly.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('plans-result')).toContainText('Saved premium-yearly');
		await expect(page.getByTestId('plan-premium-yearly').getByLabel('Price in USD')).toHaveValue(
			'11900',
		);

		await page.goto('/en/pricing?currency=USD');
		await expect(page.locator('#plan-premium-yearly')).toContainText('$119');

		// A bad amount is refused, naming the field, and changes nothing.
		await page.goto('/en/cms/plans');
		const again = page.getByTestId('plan-premium-yearly');
		await again.getByLabel('Price in USD').evaluate((el) => {
			(el as HTMLInputElement).type = 'text';
			(el as HTMLInputElement).value = '-5';
		});
		await again.getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('plans-result')).toContainText('prices.USD');
		await page.goto('/en/pricing?currency=USD');
		await expect(page.locator('#plan-premium-yearly')).toContainText('$119');

		// Put the price back for the rest of the suite.
		await page.goto('/en/cms/plans');
		await page.getByTestId('plan-premium-yearly').getByLabel('Price in USD').fill('10900');
		await page.getByTestId('plan-premium-yearly').getByRole('button', { name: 'Save' }).click();
		await expect(page.getByTestId('plans-result')).toContainText('Saved premium-yearly');
	});

	test('a deal with a use limit of 1: the link sells once at the deal price, then says no', async ({
		browser,
		page,
	}) => {
		await adminConsole(page);
		await page.goto('/en/cms/deals');
		const form = page.getByTestId('deal-form');
		await form.getByLabel('Premium yearly', { exact: true }).check();
		await form.getByLabel('Percentage off').check();
		await form.getByLabel('Percent off (0 to 100)').fill('50');
		await form.getByLabel('Use limit').fill('1');
		await form.getByRole('button', { name: 'Create deal' }).click();
		const result = page.getByTestId('deals-result');
		await expect(result).toContainText(/Deal [A-Z0-9-]{23} created\./);
		const code = /Deal ([A-Z0-9-]{23}) created/.exec((await result.textContent()) ?? '')?.[1];
		expect(code).toBeDefined();
		const row = page.locator(`li[data-code="${code}"]`);
		await expect(row).toHaveAttribute('data-state', 'active');
		await expect(row.getByTestId('deal-uses')).toHaveText('Uses: 0 of 1');
		const link = await row.getByRole('link').getAttribute('href');
		expect(link).toMatch(new RegExp(`/en/pricing\\?deal=${code}$`));

		// A visitor follows the link and pays half price with the sandbox card.
		const fan = await visitor(browser, 'first');
		await fan.goto(`${new URL(link!).pathname}${new URL(link!).search}&currency=EUR`);
		await expect(fan.locator('.pricing-deal[role="status"]')).toContainText(`Code ${code} applied`);
		await expect(fan.locator('#plan-premium-yearly')).toContainText('€49.50');
		// The code's plan is the card marked for the visitor; its own button pays.
		await expect(fan.locator('#plan-premium-yearly')).toHaveClass(/chosen/);
		await fan
			.locator('#plan-premium-yearly')
			.getByRole('button', { name: /Continue to payment/ })
			.click();
		await fan.waitForURL(/\/en\/payment\/sandbox\/co_/);
		await expect(fan.locator('main')).toContainText('49.50');
		await fan.locator('#card').fill('4242 4242 4242 4242');
		await fan.locator('#expiry').fill('12/34');
		await fan.locator('#cvc').fill('123');
		await fan.locator('.sandbox__form button[type="submit"]').click();
		await fan.waitForURL(/\/en\/payment\/success\?checkout=co_/);
		await expect(fan.locator('.payment-status')).toHaveAttribute('data-state', 'paid');

		// The console counts the use; the deal is used up.
		await page.reload();
		await expect(row).toHaveAttribute('data-state', 'used_up');
		await expect(row.getByTestId('deal-uses')).toHaveText('Uses: 1 of 1');

		// A second visitor with the same link is told the code no longer works.
		const late = await visitor(browser, 'second');
		await late.goto(`/en/pricing?deal=${code}&currency=EUR`);
		await expect(late.locator('.pricing-deal[role="alert"]')).toHaveText(
			'This code is not valid or has expired.',
		);
		await expect(late.locator('#plan-premium-yearly')).toContainText('€99');
		await expect(late.locator('#plan-premium-yearly')).not.toContainText('€49.50');
	});

	test('an editor sees no plans or deals links and gets 403 on both pages', async ({
		browser,
		page: admin,
	}) => {
		const editor = await (await browser.newContext()).newPage();
		const email = `editor-plans-${Date.now().toString(36)}@e2e.test`;
		await adminConsole(admin);
		await expect(admin.getByTestId('cms-who')).toContainText(ADMIN);
		const since = Date.now();
		await admin.goto('/en/cms/staff');
		const form = admin.getByTestId('staff-add');
		await form.getByLabel('E-mail').fill(email);
		await form.getByLabel('Role').selectOption('editor');
		await form.getByRole('button', { name: 'Add or change' }).click();
		await expect(admin.getByTestId('staff-result')).toContainText(`${email} is now Editor`);
		await setPasswordFromMail(editor, email, since);
		await consoleLogin(editor, email);

		const nav = editor.getByRole('navigation', { name: 'Console' });
		await expect(nav.getByRole('link', { name: 'Plans' })).toHaveCount(0);
		await expect(nav.getByRole('link', { name: 'Deals' })).toHaveCount(0);
		expect((await editor.goto('/en/cms/plans'))?.status()).toBe(403);
		await expect(editor.getByTestId('plan-premium-yearly')).toHaveCount(0);
		expect((await editor.goto('/en/cms/deals'))?.status()).toBe(403);
		await expect(editor.getByTestId('deal-form')).toHaveCount(0);
	});
});
