import { describe, expect, it } from 'vitest';
import { dealCreateBody, dealState, expiryProblem, planUpdateBody } from '~/lib/cms/plans';
import { can } from '~/lib/cms/roles';
import { generateDealCode } from '~/server/payments/deal-codes';
import { dealPrice, type DealInfo } from '~/server/payments/plans';

const future = new Date(Date.now() + 86_400_000).toISOString();
const deal = (over: Partial<Parameters<typeof dealCreateBody.parse>[0]> = {}) => ({
	planIds: ['premium-monthly'],
	kind: 'percent',
	percentOff: 20,
	expiresAt: future,
	maxUses: 5,
	...over,
});
const field = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
	r.error?.issues[0]?.path.map(String).join('.');

describe('plan update rules', () => {
	it('accepts sold currencies in minor units and known payment methods', () => {
		const ok = planUpdateBody.safeParse({
			prices: { EUR: 999, IDR: 14_900_000, GBP: 0 },
			paymentMethods: ['card', 'sepa_debit'],
		});
		expect(ok.success).toBe(true);
	});

	it.each([
		[{ prices: { eur: 999 }, paymentMethods: [] }, 'prices.eur'],
		[{ prices: { XYZ: 999 }, paymentMethods: [] }, 'prices.XYZ'],
		[{ prices: { EUR: -1 }, paymentMethods: [] }, 'prices.EUR'],
		[{ prices: { EUR: 9.99 }, paymentMethods: [] }, 'prices.EUR'],
		[{ prices: { EUR: '999' }, paymentMethods: [] }, 'prices.EUR'],
		[{ prices: { EUR: 999 }, paymentMethods: ['bitcoin'] }, 'paymentMethods.0'],
		[{ prices: { EUR: 999 }, paymentMethods: ['card', 'card'] }, 'paymentMethods'],
	])('refuses %j naming %s', (body, name) => {
		const r = planUpdateBody.safeParse(body);
		expect(r.success).toBe(false);
		expect(field(r)).toBe(name);
	});
});

describe('deal rules', () => {
	it('accepts a percent deal and a fixed-price deal for several plans', () => {
		expect(dealCreateBody.safeParse(deal()).success).toBe(true);
		const fixed = dealCreateBody.safeParse(
			deal({
				kind: 'fixed',
				percentOff: undefined,
				fixedPrices: { EUR: 499 },
				planIds: ['a', 'b'],
			}),
		);
		expect(fixed.success).toBe(true);
	});

	it.each([
		[{ percentOff: 101 }, 'percentOff'],
		[{ percentOff: -1 }, 'percentOff'],
		[{ percentOff: undefined }, 'percentOff'],
		[{ kind: 'fixed', fixedPrices: {} }, 'fixedPrices'],
		[{ kind: 'fixed', fixedPrices: { EUR: -5 } }, 'fixedPrices.EUR'],
		[{ maxUses: 0 }, 'maxUses'],
		[{ planIds: [] }, 'planIds'],
		[{ planIds: ['x', 'x'] }, 'planIds'],
		[{ planIds: ['<script>'] }, 'planIds.0'],
		[{ expiresAt: 'tomorrow' }, 'expiresAt'],
		[{ kind: 'free' }, 'kind'],
	])('refuses %j naming %s', (over, name) => {
		const r = dealCreateBody.safeParse(deal(over as never));
		expect(r.success).toBe(false);
		expect(field(r)).toBe(name);
	});

	it('an expiry must be in the future and within five years', () => {
		const at = Date.parse('2026-01-01T00:00:00Z');
		expect(expiryProblem(new Date(at), at)).toBe('must be in the future');
		expect(expiryProblem(new Date(at + 1000), at)).toBeNull();
		expect(expiryProblem(new Date(at + 6 * 366 * 86_400_000), at)).toBe(
			'must be within five years',
		);
	});

	it('a state: ended beats expired beats used up', () => {
		const at = 1_000_000;
		const base = { endedAt: null, expiresAt: new Date(at + 1), maxUses: 1, uses: 0 };
		expect(dealState(base, at)).toBe('active');
		expect(dealState({ ...base, uses: 1 }, at)).toBe('used_up');
		expect(dealState({ ...base, uses: 1, expiresAt: new Date(at) }, at)).toBe('expired');
		expect(dealState({ ...base, endedAt: new Date(at), expiresAt: new Date(at) }, at)).toBe(
			'ended',
		);
	});

	it('generated codes are 20 symbols of the unambiguous alphabet, and differ', () => {
		const a = generateDealCode();
		expect(a).toMatch(/^[A-HJ-NP-Z2-9]{5}(-[A-HJ-NP-Z2-9]{5}){3}$/);
		expect(generateDealCode()).not.toBe(a);
	});
});

describe('deal prices', () => {
	const info = (over: Partial<DealInfo>): DealInfo => ({
		code: 'X',
		planId: 'p',
		planIds: ['p', 'q'],
		percentOff: 25,
		fixedPrices: null,
		...over,
	});
	it('percent off applies to every plan of the deal, and only those', () => {
		expect(dealPrice(1000, 'EUR', 'q', info({}))).toBe(750);
		expect(dealPrice(1000, 'EUR', 'other', info({}))).toBe(1000);
		expect(dealPrice(1000, 'EUR', 'p', undefined)).toBe(1000);
	});
	it('a fixed price replaces the list price in its currency, never above it', () => {
		const fixed = info({ percentOff: 0, fixedPrices: { EUR: 199, GBP: 5000 } });
		expect(dealPrice(1000, 'EUR', 'p', fixed)).toBe(199);
		expect(dealPrice(1000, 'GBP', 'p', fixed)).toBe(1000);
		expect(dealPrice(1000, 'USD', 'p', fixed)).toBe(1000);
	});
});

describe('role', () => {
	it('only admins edit plans and deals', () => {
		expect(can(['user', 'admin'], 'plans.edit')).toBe(true);
		expect(can(['user', 'editor'], 'plans.edit')).toBe(false);
		expect(can(['user', 'scorer'], 'plans.edit')).toBe(false);
		expect(can(['user'], 'plans.edit')).toBe(false);
	});
});

describe('any input (fuzz)', () => {
	const RUNS = { numRuns: 300, seed: 2311 };
	it('the schemas answer success or issues for any JSON, never throw', async () => {
		const fc = (await import('fast-check')).default;
		fc.assert(
			fc.property(fc.jsonValue(), (value) => {
				expect(typeof planUpdateBody.safeParse(value).success).toBe('boolean');
				expect(typeof dealCreateBody.safeParse(value).success).toBe('boolean');
			}),
			RUNS,
		);
	});
	it('a deal code from a path is null or safe characters only', async () => {
		const fc = (await import('fast-check')).default;
		const { parseDealCode } = await import('~/server/cms/deals');
		fc.assert(
			fc.property(fc.string({ unit: 'binary', maxLength: 80 }), (raw) => {
				const code = parseDealCode(raw);
				expect(code === null || /^[A-Z0-9_-]{1,40}$/.test(code)).toBe(true);
			}),
			RUNS,
		);
	});
});
