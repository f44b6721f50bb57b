import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as cmsLoginRoute from '~/pages/api/auth/cms/login';
import * as loginRoute from '~/pages/api/auth/login';
import * as registerRoute from '~/pages/api/auth/register';
import * as dealRoute from '~/pages/api/cms/deals/[code]/index';
import * as endRoute from '~/pages/api/cms/deals/[code]/end';
import * as dealsRoute from '~/pages/api/cms/deals/index';
import * as planRoute from '~/pages/api/cms/plans/[id]';
import * as plansRoute from '~/pages/api/cms/plans/index';
import { readAudit } from '~/server/cms/audit';
import { addStaff } from '~/server/cms/staff';
import { openCheckout } from '~/server/payments/checkout';
import { resetDealAttemptsForTests } from '~/server/payments/deal-codes';
import { priceOf } from '~/server/payments/plans';
import { pricingView } from '~/server/payments/pricing-view';
import { receiveWebhook } from '~/server/payments/webhook';
import { call, db, resetAuthWorld, setupAuthWorld, teardownAuthWorld } from '../auth/helpers';
import { eventId, signedSandbox } from '../payments/helpers';

const PASSWORD = 'correct horse battery staple';
type Body = Record<string, unknown> & { data: never; fields?: string[] };

async function token(route: typeof cmsLoginRoute | typeof loginRoute, email: string) {
	const r = await call(route.POST, { body: { email, password: PASSWORD } });
	expect(r.status).toBe(200);
	return ((await r.json()) as { data: { token: { access_token: string } } }).data.token
		.access_token;
}

async function sql<T = Record<string, unknown>>(text: string): Promise<T[]> {
	const r = (await db().db.execute(text as never)) as unknown as { rows?: T[] } | T[];
	return 'rows' in r && r.rows ? r.rows : (r as T[]);
}

/** A fan account: registered through the API, as a visitor would. */
async function fan(email: string): Promise<{ id: string; email: string }> {
	const r = await call(registerRoute.POST, { body: { email, password: PASSWORD, name: 'Fan' } });
	expect(r.status).toBeLessThan(300);
	const [row] = await sql<{ id: string }>(`SELECT id FROM users WHERE email = '${email}'`);
	return { id: row!.id, email };
}

async function send(
	route: Record<string, unknown>,
	method: 'GET' | 'POST' | 'PUT',
	t: string,
	options: { params?: Record<string, string>; body?: unknown } = {},
) {
	const r = await call(route[method] as never, {
		method,
		headers: { authorization: `Bearer ${t}` },
		params: options.params ?? {},
		path: '/api/cms/plans',
		...(options.body !== undefined ? { body: options.body } : {}),
	});
	return { status: r.status, body: (await r.json()) as Body };
}

/** The sandbox processor's signed "paid" delivery for a checkout, received. */
async function pay(checkoutId: string): Promise<void> {
	const { body, headers } = signedSandbox({
		id: eventId(),
		type: 'checkout.paid',
		created: Math.floor(Date.now() / 1000),
		data: { checkoutId, providerRef: `sbx_${checkoutId}` },
	});
	const result = await receiveWebhook('sandbox', body, headers);
	expect(result.status).toBe(200);
}

async function checkout(user: { id: string; email: string }, planId: string, deal?: string) {
	return openCheckout(user, { planId, currency: 'EUR', locale: 'en', deal: deal ?? null });
}

const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const monthlyPrices = { EUR: 999, USD: 1099, GBP: 899, TRY: 34900, IDR: 14900000, RUB: 89900 };

describe('Plans and deals (admins)', () => {
	let admin = '';
	let seedPrices: { plan_id: string; currency: string; amount: number }[] = [];
	beforeAll(async () => {
		await setupAuthWorld({
			REDIS_URL: '',
			CMS_REQUIRE_TOTP: '0',
			REGISTER_PER_CLIENT_PER_HOUR: '1000',
			PAYMENT_PROVIDER: 'sandbox',
		});
		seedPrices = await sql('SELECT plan_id, currency, amount FROM plan_prices');
	});
	afterAll(teardownAuthWorld);
	beforeEach(async () => {
		await resetAuthWorld();
		resetDealAttemptsForTests();
		await db().exec(`TRUNCATE cms_audit, payment_events;
			DELETE FROM deals WHERE created_at IS NOT NULL; DELETE FROM plan_prices;`);
		for (const p of seedPrices)
			await db().exec(
				`INSERT INTO plan_prices VALUES ('${p.plan_id}', '${p.currency}', ${p.amount})`,
			);
		await addStaff({ email: 'chief@example.com', role: 'admin', password: PASSWORD });
		admin = await token(cmsLoginRoute, 'chief@example.com');
	});

	it('only admins: an editor and a fan token get 403, no token 401, a cross-site cookie 403', async () => {
		await addStaff({ email: 'ed@example.com', role: 'editor', password: PASSWORD });
		const editor = await token(cmsLoginRoute, 'ed@example.com');
		await fan('fan@example.com');
		const site = await token(loginRoute, 'fan@example.com');
		for (const t of [editor, site]) {
			expect((await send(plansRoute, 'GET', t)).status).toBe(403);
			expect((await send(dealsRoute, 'GET', t)).status).toBe(403);
			const put = await send(planRoute, 'PUT', t, {
				params: { id: 'premium-monthly' },
				body: { prices: { EUR: 1 }, paymentMethods: ['card'] },
			});
			expect(put.status).toBe(403);
		}
		expect((await call(plansRoute.GET as never, { method: 'GET' })).status).toBe(401);
		const login = await call(cmsLoginRoute.POST, {
			body: { email: 'chief@example.com', password: PASSWORD },
		});
		const cookie = login.headers
			.getSetCookie()
			.map((c) => c.split(';')[0])
			.join('; ');
		const crossSite = await call(dealsRoute.POST as never, {
			body: { planIds: ['premium-monthly'], kind: 'percent', percentOff: 90, expiresAt: inDays(3) },
			headers: { cookie, origin: 'https://evil.example' },
		});
		expect(crossSite.status).toBe(403);
		expect(await priceOf('premium-monthly', 'EUR')).toBe(999);
		expect(await sql('SELECT 1 FROM deals WHERE created_at IS NOT NULL')).toHaveLength(0);
	});

	it('lists plans and edits one: 400 naming the field, 404, and an audited change', async () => {
		const list = await send(plansRoute, 'GET', admin);
		const monthly = (list.body.data as { id: string; prices: object }[]).find(
			(p) => p.id === 'premium-monthly',
		);
		expect(monthly?.prices).toEqual(monthlyPrices);
		const put = (id: string, body: unknown) =>
			send(planRoute, 'PUT', admin, { params: { id }, body });
		for (const [body, field] of [
			[{ prices: { XYZ: 1 }, paymentMethods: ['card'] }, 'prices'],
			[{ prices: { EUR: -1 }, paymentMethods: ['card'] }, 'prices'],
			[{ prices: { EUR: 1.5 }, paymentMethods: ['card'] }, 'prices'],
			[{ prices: { EUR: 1 }, paymentMethods: ['cash'] }, 'paymentMethods'],
			[{ prices: {}, paymentMethods: ['card'] }, 'prices'],
			[{ prices: { EUR: 1 }, paymentMethods: [] }, 'paymentMethods'],
		] as const) {
			const r = await put('premium-monthly', body);
			expect(r.status, JSON.stringify(body)).toBe(400);
			expect(r.body.fields).toEqual([field]);
		}
		expect(
			(await put('no-such-plan', { prices: { EUR: 1 }, paymentMethods: ['card'] })).status,
		).toBe(404);
		expect(await sql("SELECT 1 FROM cms_audit WHERE action LIKE 'plan.%'")).toHaveLength(0);

		const ok = await put('premium-monthly', {
			prices: { ...monthlyPrices, EUR: 1299, RUB: undefined },
			paymentMethods: ['card', 'sepa_debit'],
		});
		expect(ok.status).toBe(200);
		expect(await priceOf('premium-monthly', 'EUR')).toBe(1299);
		expect(await priceOf('premium-monthly', 'RUB')).toBeUndefined();
		const view = await pricingView({
			kinds: ['subscription'],
			locale: 'en',
			currency: 'EUR',
			deal: null,
			match: null,
			visitor: { client: '203.0.113.9' },
		});
		const shown = view.plans.find((p) => p.id === 'premium-monthly');
		expect(shown?.amounts['EUR']).toBe(1299);
		expect(shown?.paymentMethods).toEqual(['card', 'sepa_debit']);
		const [row] = await readAudit({ action: 'plan.update' });
		expect(row).toMatchObject({
			actorEmail: 'chief@example.com',
			target: 'plan:premium-monthly',
			before: { prices: monthlyPrices, paymentMethods: ['card', 'apple_pay', 'google_pay'] },
			after: { paymentMethods: ['card', 'sepa_debit'] },
		});
		expect((row?.after as { prices: Record<string, number> } | undefined)?.prices.EUR).toBe(1299);
	});

	it('a price edit never changes what an existing subscriber pays, nor an open checkout', async () => {
		const subscriber = await fan('sub@example.com');
		const bought = await checkout(subscriber, 'premium-monthly');
		if (!bought.ok) throw new Error(bought.error);
		await pay(bought.checkoutId);
		const waiting = await fan('waiting@example.com');
		const open = await checkout(waiting, 'premium-monthly');
		if (!open.ok) throw new Error(open.error);

		const edit = await send(planRoute, 'PUT', admin, {
			params: { id: 'premium-monthly' },
			body: { prices: { ...monthlyPrices, EUR: 1999 }, paymentMethods: ['card'] },
		});
		expect(edit.status).toBe(200);

		// The subscriber's row keeps the price bought: what each period until renewal costs.
		const [sub] = await sql<{ amount: number; currency: string }>(
			`SELECT amount, currency FROM subscriptions WHERE user_id = '${subscriber.id}'`,
		);
		expect(sub).toEqual({ amount: 999, currency: 'EUR' });
		// A checkout opened before the edit is paid at its own price.
		await pay(open.checkoutId);
		const [paid] = await sql<{ amount: number }>(
			`SELECT amount FROM payments WHERE checkout_id = '${open.checkoutId}'`,
		);
		expect(paid?.amount).toBe(999);
		// Someone buying now pays the new price.
		const later = await checkout(await fan('later@example.com'), 'premium-monthly');
		if (!later.ok) throw new Error(later.error);
		const [fresh] = await sql<{ amount: number }>(
			`SELECT amount FROM checkouts WHERE id = '${later.checkoutId}'`,
		);
		expect(fresh?.amount).toBe(1999);
	});

	it('creates a deal with a random code and a limit of 1: the first use pays the deal price, the second is refused', async () => {
		const bad = async (body: object, field: string) => {
			const r = await send(dealsRoute, 'POST', admin, { body });
			expect(r.status, JSON.stringify(body)).toBe(400);
			expect(r.body.fields).toEqual([field]);
		};
		const good = {
			planIds: ['premium-monthly', 'premium-yearly'],
			kind: 'percent',
			percentOff: 50,
			expiresAt: inDays(7),
			maxUses: 1,
		};
		await bad({ ...good, percentOff: 101 }, 'percentOff');
		await bad({ ...good, maxUses: 0 }, 'maxUses');
		await bad({ ...good, expiresAt: inDays(-1) }, 'expiresAt');
		await bad({ ...good, planIds: ['free'] }, 'planIds');
		await bad({ ...good, kind: 'fixed' }, 'fixedPrices');
		await bad({ ...good, code: 'CHOSEN' }, 'code');
		await bad({ ...good, planIds: ['<script>alert(1)</script>'] }, 'planIds');
		await bad(
			{ ...good, kind: 'fixed', fixedPrices: { '<img src=x onerror=alert(1)>': 1 } },
			'fixedPrices',
		);

		const made = await send(dealsRoute, 'POST', admin, {
			body: { ...good, note: '<script>alert(1)</script>' },
		});
		expect(made.status).toBe(201);
		const code = (made.body.data as { code: string }).code;
		expect(code).toMatch(/^[A-HJ-NP-Z2-9]{5}(-[A-HJ-NP-Z2-9]{5}){3}$/);
		const [audit] = await readAudit({ action: 'deal.create' });
		// The note is kept as plain text in the audit row (the audit page prints it as text).
		expect(audit).toMatchObject({
			target: `deal:${code}`,
			after: { percentOff: 50, maxUses: 1, note: '<script>alert(1)</script>' },
		});

		const first = await fan('first@example.com');
		const used = await checkout(first, 'premium-yearly', code);
		if (!used.ok) throw new Error(used.error);
		const [co] = await sql<{ amount: number }>(
			`SELECT amount FROM checkouts WHERE id = '${used.checkoutId}'`,
		);
		expect(co?.amount).toBe(4950);
		await pay(used.checkoutId);
		const after = await send(dealRoute, 'GET', admin, { params: { code } });
		expect(after.body.data).toMatchObject({ uses: 1, maxUses: 1, state: 'used_up' });

		const second = await checkout(await fan('second@example.com'), 'premium-monthly', code);
		expect(second).toMatchObject({ ok: false, error: 'invalid_deal' });
		const view = await pricingView({
			kinds: ['subscription'],
			locale: 'en',
			currency: 'EUR',
			deal: code,
			match: null,
			visitor: { client: '203.0.113.10' },
		});
		expect(view.dealInvalid).toBe(true);
	});

	it('a fixed-price deal unlocks a hidden plan at that price; ending it stops it at once', async () => {
		const made = await send(dealsRoute, 'POST', admin, {
			body: {
				planIds: ['premium-yearly-vip'],
				kind: 'fixed',
				fixedPrices: { EUR: 100 },
				expiresAt: inDays(2),
			},
		});
		expect(made.status).toBe(201);
		const code = (made.body.data as { code: string }).code;
		const buyer = await fan('vip@example.com');
		expect(await checkout(buyer, 'premium-yearly-vip')).toMatchObject({
			ok: false,
			error: 'unknown_plan',
		});
		const opened = await checkout(buyer, 'premium-yearly-vip', code.toLowerCase());
		if (!opened.ok) throw new Error(opened.error);
		const [co] = await sql<{ amount: number }>(
			`SELECT amount FROM checkouts WHERE id = '${opened.checkoutId}'`,
		);
		expect(co?.amount).toBe(100);

		const ended = await send(endRoute, 'POST', admin, { params: { code } });
		expect(ended.status).toBe(200);
		expect(ended.body.data).toMatchObject({ state: 'ended' });
		expect((await send(endRoute, 'POST', admin, { params: { code } })).status).toBe(409);
		expect((await send(endRoute, 'POST', admin, { params: { code: 'NOPE' } })).status).toBe(404);
		expect((await send(endRoute, 'POST', admin, { params: { code: '<script>' } })).status).toBe(
			404,
		);
		const again = await checkout(await fan('late@example.com'), 'premium-yearly-vip', code);
		expect(again).toMatchObject({ ok: false, error: 'invalid_deal' });
		const [audit] = await readAudit({ action: 'deal.end' });
		expect(audit).toMatchObject({
			target: `deal:${code}`,
			before: { state: 'active' },
			after: { state: 'ended' },
		});
		const list = await send(dealsRoute, 'GET', admin);
		expect((list.body.data as { code: string }[])[0]?.code).toBe(code);
	});
});
