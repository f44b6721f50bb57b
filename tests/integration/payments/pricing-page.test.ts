import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { pricingPage } from '~/server/payments/pricing-page';
import { setupPayments, teardownPayments } from './helpers';

beforeAll(() => setupPayments());
afterAll(() => teardownPayments());

const input = {
	page: 'main' as const,
	currency: 'EUR',
	deal: null,
	match: null,
	plan: null,
	here: '/en/pricing',
	visitor: { client: '203.0.113.9' },
};
const en = { locale: 'en' as const, t: useTranslations('en'), user: null };

// Each plan card carries its own call to action (it used to be a separate radio form below
// the cards), and one plan is marked as the recommended choice.
describe('pricing page: plan cards', () => {
	it('every paid plan has its own button that preselects it in the payment form', async () => {
		const view = await pricingPage(input, en);
		const paid = view.plans.filter((p) => p.id !== 'free');
		expect(paid.length).toBeGreaterThan(0);
		for (const p of paid) {
			expect(p.action?.href).toBe(`/en/pricing?plan=${p.id}&currency=EUR#pay`);
			expect(p.action?.label).toBe('Choose');
		}
	});

	it('the free plan invites a visitor to register, and offers nothing to a signed-in member', async () => {
		const visitor = await pricingPage(input, en);
		expect(visitor.plans.find((p) => p.id === 'free')?.action?.href).toBe('/en/register');
		const member = await pricingPage(input, { ...en, user: { id: 1 } as never });
		expect(member.plans.find((p) => p.id === 'free')?.action).toBeNull();
	});

	it('marks exactly one plan as recommended: the yearly subscription', async () => {
		const view = await pricingPage(input, en);
		expect(view.plans.filter((p) => p.recommended).map((p) => p.id)).toEqual(['premium-yearly']);
		expect(view.recommendedLabel).toBe('Best value');
	});

	it('keeps the offer code and the match in the card links', async () => {
		const view = await pricingPage({ ...input, deal: 'NOPE', match: '12' }, en);
		const monthly = view.plans.find((p) => p.id === 'premium-monthly');
		expect(monthly?.action?.href).toMatch(/^\/en\/pricing\?plan=premium-monthly&currency=EUR/);
	});
});
