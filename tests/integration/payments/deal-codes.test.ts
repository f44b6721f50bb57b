import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import * as checkoutRoute from '~/pages/api/checkout';
import { checkoutRequestSchema, openCheckout } from '~/server/payments/checkout';
import {
	DEAL_CODE_ALPHABET,
	DEAL_CODE_SYMBOLS,
	generateDealCode,
	resetDealAttemptsForTests,
} from '~/server/payments/deal-codes';
import { usableDeal } from '~/server/payments/plans';
import { pricingView } from '~/server/payments/pricing-view';
import { makeUser, resetPayments, rows, setupPayments, teardownPayments } from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());
beforeEach(async () => {
	await resetPayments();
	resetDealAttemptsForTests();
});

const req = (body: Record<string, unknown>) =>
	checkoutRequestSchema.parse({ locale: 'en', ...body });
const guess = (i: number) => `GUESS${i}`;

/** POST /api/checkout as the route runs it, for a signed-in user from one address. */
async function postCheckout(user: { id: string; email: string }, body: unknown, client: string) {
	const request = new Request('http://matchday.test/api/checkout', {
		method: 'POST',
		headers: { 'content-type': 'application/json', origin: 'http://matchday.test' },
		body: JSON.stringify(body),
	});
	const run = checkoutRoute.POST as unknown as (ctx: unknown) => Promise<Response>;
	// What the auth middleware leaves for a signed-in visitor posting from our own pages.
	const locals = { user, session: { id: `session-${user.id}` }, origin: 'http://matchday.test' };
	return run({ request, locals, clientAddress: client });
}

describe('finding 14: deal codes', () => {
	it('finding 14: generated codes are 20 symbols (100 bits) from a 32-letter alphabet, unique and usable', async () => {
		const codes = Array.from({ length: 5000 }, generateDealCode);
		expect(new Set(codes).size).toBe(codes.length);
		const counts = new Map<string, number>();
		for (const code of codes) {
			expect(code).toMatch(/^[A-Z2-9]{5}(-[A-Z2-9]{5}){3}$/);
			const symbols = code.replaceAll('-', '');
			expect(symbols).toHaveLength(DEAL_CODE_SYMBOLS);
			for (const c of symbols) {
				expect(DEAL_CODE_ALPHABET).toContain(c);
				counts.set(c, (counts.get(c) ?? 0) + 1);
			}
		}
		// Every symbol is used about equally (100,000 draws, 3125 expected each).
		expect(counts.size).toBe(32);
		for (const n of counts.values()) expect(Math.abs(n - 3125)).toBeLessThan(400);
		expect(Math.log2(DEAL_CODE_ALPHABET.length) * DEAL_CODE_SYMBOLS).toBeGreaterThanOrEqual(100);
		// A generated code stored by the CMS is found by the lookup (format and case accepted).
		const code = codes[0]!;
		await rows(
			`INSERT INTO deals (code, plan_id, percent_off) VALUES ('${code}', 'premium-monthly', 10)`,
		);
		expect(await usableDeal(code.toLowerCase())).toMatchObject({ code, percentOff: 10 });
	});

	it('finding 14: wrong codes at checkout are limited per account (429 + Retry-After), whatever the address', async () => {
		const user = await makeUser();
		for (let i = 0; i < 10; i++) {
			const r = await postCheckout(
				user,
				{ planId: 'premium-monthly', currency: 'EUR', deal: guess(i) },
				`203.0.113.${i}`,
			);
			expect(r.status, `guess ${i}`).toBe(400);
		}
		const refused = await postCheckout(
			user,
			{ planId: 'premium-monthly', currency: 'EUR', deal: 'WELCOME20' },
			'198.51.100.77',
		);
		expect(refused.status).toBe(429);
		expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
		expect(await refused.json()).toMatchObject({ error: 'rate_limited' });
		// Another account is not affected.
		const other = await makeUser();
		expect(
			await openCheckout(
				other,
				req({ planId: 'premium-monthly', currency: 'EUR', deal: 'WELCOME20' }),
				'198.51.100.78',
			),
		).toMatchObject({ ok: true });
	});

	it('finding 14: wrong codes are limited per client address across accounts and on the pricing page', async () => {
		for (let i = 0; i < 20; i++) {
			const user = await makeUser();
			const result = await openCheckout(
				user,
				req({ planId: 'premium-monthly', currency: 'EUR', deal: guess(i) }),
				'192.0.2.5',
			);
			expect(result).toMatchObject({ status: 400, error: 'invalid_deal' });
		}
		const fresh = await makeUser();
		expect(
			await openCheckout(
				fresh,
				req({ planId: 'premium-monthly', currency: 'EUR', deal: 'WELCOME20' }),
				'192.0.2.5',
			),
		).toMatchObject({ status: 429, error: 'rate_limited' });
		// The anonymous pricing page is the same oracle: limited for the same address too.
		const page = await pricingView({
			kinds: ['subscription'],
			locale: 'en',
			currency: 'EUR',
			deal: 'WELCOME20',
			match: null,
			visitor: { client: '192.0.2.5' },
		});
		expect(page.deal).toBeNull();
		expect(page.dealRetryAfter).toBeGreaterThan(0);
		// Another address still sees the deal.
		const elsewhere = await pricingView({
			kinds: ['subscription'],
			locale: 'en',
			currency: 'EUR',
			deal: 'WELCOME20',
			match: null,
			visitor: { client: '192.0.2.6' },
		});
		expect(elsewhere.deal).toMatchObject({ code: 'WELCOME20' });
		expect(elsewhere.dealRetryAfter).toBeNull();
	});

	it('finding 14: a right code is not counted: reloading the pricing page with it is never limited', async () => {
		for (let i = 0; i < 50; i++) {
			const page = await pricingView({
				kinds: ['subscription'],
				locale: 'en',
				currency: 'EUR',
				deal: 'WELCOME20',
				match: null,
				visitor: { client: '192.0.2.9' },
			});
			expect(page.deal, `load ${i}`).not.toBeNull();
		}
	});
});
