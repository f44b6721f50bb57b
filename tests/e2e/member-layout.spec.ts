import { expect, type Locator, type Page, test } from '@playwright/test';
import { LOCALES } from '~/i18n/locales';
import { registerAndLogIn } from './members';

// Issue 34: the header's account button showed "My acco…" on phones, "Log out" stood alone
// in a side column of the account page, and /pricing offered every plan twice (the cards,
// then a radio chooser). Measured in the browser, at the sizes a fan uses.

const PHONE = { width: 360, height: 740 };
const DESKTOP = { width: 1366, height: 900 };

/** The element's box, and whether its text is cut (wider than the box that shows it). */
async function measure(locator: Locator) {
	const box = (await locator.boundingBox())!;
	const cut = await locator.evaluate((el) =>
		[el, ...el.querySelectorAll('span')]
			.filter((e) => getComputedStyle(e).display !== 'none')
			.some((e) => e.scrollWidth > e.clientWidth + 0.5),
	);
	return { box, cut };
}

test('the header account button shows its whole label at 360 px in every language, signed in and out', async ({
	page,
}) => {
	await page.setViewportSize(PHONE);
	const check = async (path: string, name: string) => {
		await page.goto(path);
		const button = page.locator('header a.account');
		await expect(button).toBeVisible();
		const { box, cut } = await measure(button);
		expect(cut, `${name}: label cut`).toBe(false);
		expect(box.x, name).toBeGreaterThanOrEqual(0);
		expect(box.x + box.width, name).toBeLessThanOrEqual(PHONE.width);
		// A visible label (the short one is shown, not an empty link).
		await expect(button, name).toHaveText(/\S\S/u, { useInnerText: true });
	};
	for (const locale of LOCALES) await check(`/${locale}/pricing`, `${locale} signed out`);
	await registerAndLogIn(page, { prefix: 'layout' });
	for (const locale of LOCALES) await check(`/${locale}/account`, `${locale} signed in`);
	// Its name is the words on screen: the short one on a phone, the full one on a desktop.
	await page.goto('/en/account');
	await expect(page.locator('header a.account')).toHaveAccessibleName('Account');
	await page.setViewportSize({ width: 1366, height: 900 });
	await expect(page.locator('header a.account')).toHaveAccessibleName('My account');
});

test('Log out sits with the account heading, in the content column, on a phone and a desktop', async ({
	page,
}) => {
	await registerAndLogIn(page, { prefix: 'layout' });
	for (const viewport of [PHONE, DESKTOP]) {
		await page.setViewportSize(viewport);
		await page.goto('/en/account');
		const heading = page.getByRole('heading', { level: 1 });
		const logout = page.getByTestId('logout');
		await expect(logout).toBeVisible();
		await expect(page.locator('aside').getByTestId('logout')).toHaveCount(0);
		const h = (await heading.boundingBox())!;
		const l = (await logout.boundingBox())!;
		const name = `${viewport.width} px`;
		// Inside the viewport, and no column of its own: the content's left edge or to the
		// right of it, never left of the heading.
		expect(l.x + l.width, name).toBeLessThanOrEqual(viewport.width);
		expect(l.x, name).toBeGreaterThanOrEqual(h.x - 1);
		// With the heading block: below the heading's top, above the first section.
		expect(l.y, name).toBeGreaterThanOrEqual(h.y);
		const first = (await page.locator('main section').first().boundingBox())!;
		expect(l.y + l.height, name).toBeLessThanOrEqual(first.y);
		if (viewport === PHONE) expect(Math.abs(l.x - h.x), name).toBeLessThanOrEqual(1);
		else expect(l.y, name).toBeLessThan(h.y + h.height);
		// The content starts at the page's left edge (the header's logo), not pushed right by
		// a side column.
		const edge = (await page.locator('header .brand').boundingBox())!;
		expect(Math.abs(h.x - edge.x), name).toBeLessThanOrEqual(1);
	}
});

/** Each plan's ways to buy it on the page: checkout forms and any plan radios. */
async function choices(page: Page) {
	return page.evaluate(() => ({
		forms: [...document.querySelectorAll('form')]
			.map((f) => f.querySelector<HTMLInputElement>('input[name="planId"]')?.value)
			.filter((v): v is string => Boolean(v)),
		radios: document.querySelectorAll('input[type="radio"]').length,
		cards: [...document.querySelectorAll<HTMLElement>('.pricing-plan')].map((c) => ({
			plan: c.dataset.plan ?? '',
			forms: c.querySelectorAll('form input[name="planId"]').length,
		})),
	}));
}

for (const javaScriptEnabled of [true, false]) {
	test(`/pricing offers each plan once, on its card (JavaScript ${javaScriptEnabled ? 'on' : 'off'})`, async ({
		browser,
	}) => {
		const context = await browser.newContext({ javaScriptEnabled });
		const page = await context.newPage();
		for (const path of ['/en/pricing?currency=EUR', '/en/pricing-sport']) {
			await page.goto(path);
			const found = await choices(page);
			expect(found.radios, path).toBe(0);
			// Every checkout form is inside a card, one per plan at most.
			expect(found.forms.length, path).toBeGreaterThan(0);
			expect(new Set(found.forms).size, path).toBe(found.forms.length);
			expect(
				found.cards.reduce((n, c) => n + c.forms, 0),
				path,
			).toBe(found.forms.length);
			for (const card of found.cards) expect(card.forms, card.plan).toBeLessThanOrEqual(1);
			expect(await page.getByRole('button', { name: /Continue to payment/ }).count(), path).toBe(
				found.forms.length,
			);
		}
		// The longest words fit a phone, the offer code field included.
		await page.setViewportSize(PHONE);
		await page.goto('/de/pricing');
		expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
			PHONE.width,
		);
		// The offer code field is still there, beside the cards.
		await page.goto('/en/pricing');
		await page.getByLabel('Offer code').fill('NOPE-NOT-A-CODE');
		await page.getByRole('button', { name: 'Apply code' }).click();
		await expect(page.locator('.pricing-deal[role="alert"]')).toBeVisible();
		await context.close();
	});
}

test('with JavaScript off a member buys from the card: its form posts, the sandbox takes the card', async ({
	page,
	browser,
}) => {
	await registerAndLogIn(page, { prefix: 'layout' });
	const context = await browser.newContext({
		javaScriptEnabled: false,
		storageState: await page.context().storageState(),
	});
	const plain = await context.newPage();
	await plain.goto('/en/pricing?currency=EUR');
	const card = plain.locator('#plan-premium-monthly');
	await expect(card.locator('input[name="idempotencyKey"]')).toHaveCount(1);
	await card.getByRole('button', { name: /Continue to payment/ }).click();
	await plain.waitForURL(/\/en\/payment\/sandbox\/co_/);
	await plain.locator('#card').fill('4242 4242 4242 4242');
	await plain.locator('#expiry').fill('12/34');
	await plain.locator('#cvc').fill('123');
	await plain.locator('.sandbox__form button[type="submit"]').click();
	await plain.waitForURL(/\/en\/payment\/success\?checkout=co_/);
	await context.close();
});
