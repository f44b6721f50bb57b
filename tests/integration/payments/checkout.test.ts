import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkoutForOwner, checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';
import { planOf } from '~/server/entitlements';
import { setPaymentsClockForTests } from '~/server/clock';
import { count, makeUser, resetPayments, rows, setupPayments, teardownPayments } from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(() => resetPayments());

const req = (body: Record<string, unknown>) =>
	checkoutRequestSchema.parse({ locale: 'en', ...body });

describe('D7: checkout creation', () => {
	it('takes the price from the server and ignores a client-supplied amount', async () => {
		const user = await makeUser();
		const result = await openCheckout(
			user,
			req({ planId: 'premium-monthly', currency: 'EUR', amount: 1 }),
		);
		expect(result.ok).toBe(true);
		const [c] = await rows<{ amount: number; currency: string }>(
			'SELECT amount, currency FROM checkouts',
		);
		expect(c).toEqual({ amount: 999, currency: 'EUR' });
	});

	it('unknown or hidden plan, free plan, bad currency: 400 and no checkout', async () => {
		const user = await makeUser();
		expect(await openCheckout(user, req({ planId: 'nope', currency: 'EUR' }))).toMatchObject({
			status: 400,
			error: 'unknown_plan',
		});
		expect(
			await openCheckout(user, req({ planId: 'premium-yearly-vip', currency: 'EUR' })),
		).toMatchObject({ status: 400, error: 'unknown_plan' });
		expect(await openCheckout(user, req({ planId: 'free', currency: 'EUR' }))).toMatchObject({
			status: 400,
		});
		expect(
			await openCheckout(user, req({ planId: 'premium-monthly', currency: 'JPY' })),
		).toMatchObject({ status: 400, error: 'unsupported_currency' });
		expect(
			await openCheckout(user, req({ planId: 'premium-monthly', currency: 'EUR', deal: 'NOPE' })),
		).toMatchObject({ status: 400, error: 'invalid_deal' });
		expect(await openCheckout(user, req({ planId: 'match-pass', currency: 'EUR' }))).toMatchObject({
			status: 400,
			error: 'match_required',
		});
		expect(await count('checkouts')).toBe(0);
	});

	it('a deal code discounts its plan and unlocks a hidden plan; expired or used-up codes do not', async () => {
		const user = await makeUser();
		const d = await openCheckout(
			user,
			req({ planId: 'premium-monthly', currency: 'EUR', deal: 'welcome20' }),
		);
		expect(d.ok).toBe(true);
		const vip = await openCheckout(
			user,
			req({ planId: 'premium-yearly-vip', currency: 'GBP', deal: 'VIPYEAR' }),
		);
		expect(vip.ok).toBe(true);
		const amounts = await rows<{ plan_id: string; amount: number }>(
			'SELECT plan_id, amount FROM checkouts ORDER BY plan_id',
		);
		expect(amounts).toEqual([
			{ plan_id: 'premium-monthly', amount: 799 },
			{ plan_id: 'premium-yearly-vip', amount: 5900 },
		]);
		await rows(`UPDATE deals SET uses = max_uses WHERE code = 'VIPYEAR'`);
		const other = await makeUser();
		expect(
			await openCheckout(
				other,
				req({ planId: 'premium-yearly-vip', currency: 'GBP', deal: 'VIPYEAR' }),
			),
		).toMatchObject({ error: 'invalid_deal' });
		setPaymentsClockForTests(() => Date.parse('2031-01-01T00:00:00Z'));
		expect(
			await openCheckout(
				other,
				req({ planId: 'premium-monthly', currency: 'EUR', deal: 'WELCOME20' }),
			),
		).toMatchObject({ error: 'invalid_deal' });
	});

	it('a double click (two requests at once) yields one open checkout', async () => {
		const user = await makeUser();
		const [a, b] = await Promise.all([
			openCheckout(user, req({ planId: 'premium-monthly', currency: 'EUR' })),
			openCheckout(user, req({ planId: 'premium-monthly', currency: 'EUR' })),
		]);
		const ok = [a, b].filter((r) => r.ok);
		expect(ok.length).toBeGreaterThanOrEqual(1);
		for (const r of [a, b]) if (!r.ok) expect(r.status).toBe(409);
		if (a.ok && b.ok) expect(a.checkoutId).toBe(b.checkoutId);
		expect(await count('checkouts', `status = 'open'`)).toBe(1);
		const again = await openCheckout(user, req({ planId: 'premium-monthly', currency: 'EUR' }));
		expect(again).toMatchObject({ ok: true, reused: true });
	});

	it('the database refuses a second open checkout for the same user and plan', async () => {
		const user = await makeUser();
		await openCheckout(user, req({ planId: 'premium-monthly', currency: 'EUR' }));
		await expect(
			rows(`INSERT INTO checkouts (id, user_id, plan_id, currency, amount, provider, created_at, updated_at, expires_at)
				VALUES ('co_dupdupdup', '${user.id}', 'premium-monthly', 'EUR', 999, 'sandbox', now(), now(), now() + interval '1 hour')`),
		).rejects.toThrow();
	});

	it('a result lookup with a fake or foreign id shows nothing and grants nothing', async () => {
		const owner = await makeUser();
		const stranger = await makeUser();
		const r = await openCheckout(owner, req({ planId: 'premium-monthly', currency: 'EUR' }));
		if (!r.ok) throw new Error(r.error);
		expect(await checkoutForOwner(stranger.id, r.checkoutId)).toBeUndefined();
		expect(await checkoutForOwner(owner.id, 'co_doesnotexist')).toBeUndefined();
		expect(await checkoutForOwner(owner.id, r.checkoutId)).toMatchObject({ status: 'open' });
		expect(await planOf(owner.id)).toBe('free');
	});
});
