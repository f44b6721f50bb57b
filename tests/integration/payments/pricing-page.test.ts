import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { IDEMPOTENCY_KEY } from '~/lib/idempotency';
import { checkoutFormOutcome } from '~/server/payments/checkout-form';
import { pricingPage } from '~/server/payments/pricing-page';
import { makeUser, rows, SITE, setupPayments, teardownPayments } from './helpers';

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

// Each plan card carries its own way to buy it, the only one on the page (issue 34: a radio
// chooser below the cards repeated them): a plain form posting to /api/checkout, which the
// PlanCheckout island sends as JSON when scripts run.
describe('pricing page: plan cards', () => {
	it('every paid plan has its own checkout form, with its own key made at render', async () => {
		const view = await pricingPage(input, en);
		const forms = view.plans.flatMap((p) =>
			p.action?.kind === 'buy' ? [{ id: p.id, ...p.action.checkout }] : [],
		);
		expect(forms.map((f) => f.id)).toEqual(
			view.plans.filter((p) => p.id !== 'free' && p.id !== 'match-pass').map((p) => p.id),
		);
		for (const f of forms) {
			expect(f.action).toBe('/api/checkout');
			expect(f.label).toBe('Continue to payment');
			expect(f.fields).toMatchObject({
				planId: f.id,
				currency: 'EUR',
				locale: 'en',
				from: `/en/pricing?plan=${f.id}&currency=EUR#plan-${f.id}`,
			});
			expect(f.fields).not.toHaveProperty('returnTo');
			expect(f.fields.idempotencyKey).toMatch(IDEMPOTENCY_KEY);
			expect(f.loginHref).toBe(`/en/login?redirect=${encodeURIComponent(f.fields.from)}`);
		}
		expect(new Set(forms.map((f) => f.fields.idempotencyKey)).size).toBe(forms.length);
		// The recommended plan's button is the primary one, the others quieter.
		expect(forms.filter((f) => f.primary).map((f) => f.id)).toEqual(['premium-yearly']);
	});

	it('the match pass is bought on its match: no button without one, a form for it with one', async () => {
		const without = await pricingPage(input, en);
		const pass = without.plans.find((p) => p.id === 'match-pass');
		expect(pass?.action).toBeNull();
		expect(pass?.note).toBe("Buy a single match pass from the match's page.");
		const withMatch = await pricingPage({ ...input, match: '12' }, en);
		const action = withMatch.plans.find((p) => p.id === 'match-pass')?.action;
		expect(action?.kind === 'buy' && action.checkout.fields.matchId).toBe('12');
	});

	it('the free plan invites a visitor to register, and offers nothing to a signed-in member', async () => {
		const visitor = await pricingPage(input, en);
		expect(visitor.plans.find((p) => p.id === 'free')?.action).toEqual({
			kind: 'link',
			href: '/en/register',
			label: 'Sign up free',
		});
		const member = await pricingPage(input, { ...en, user: { id: 1 } as never });
		expect(member.plans.find((p) => p.id === 'free')?.action).toBeNull();
	});

	it('marks exactly one plan as recommended: the yearly subscription', async () => {
		const view = await pricingPage(input, en);
		expect(view.plans.filter((p) => p.recommended).map((p) => p.id)).toEqual(['premium-yearly']);
		expect(view.recommendedLabel).toBe('Best value');
	});

	it('keeps the match in the forms, and the offer code form keeps currency and match', async () => {
		const view = await pricingPage({ ...input, deal: 'NOPE', match: '12' }, en);
		const monthly = view.plans.find((p) => p.id === 'premium-monthly')?.action;
		expect(monthly?.kind === 'buy' && monthly.checkout.fields.from).toBe(
			'/en/pricing?plan=premium-monthly&currency=EUR&match=12#plan-premium-monthly',
		);
		expect(monthly?.kind === 'buy' && 'deal' in monthly.checkout.fields).toBe(false);
		expect(view.dealInvalid).toBe(true);
		expect(view.dealForm).toMatchObject({
			label: 'Offer code',
			submit: 'Apply code',
			value: '',
			hidden: { currency: 'EUR', match: '12' },
		});
	});

	it('a plain form refused comes back to its card, which says why', async () => {
		const view = await pricingPage(
			{ ...input, plan: 'premium-monthly', checkoutError: 'already_subscribed' },
			en,
		);
		const monthly = view.plans.find((p) => p.id === 'premium-monthly');
		expect(monthly).toMatchObject({ chosen: true, error: 'You already have this plan.' });
		expect(view.plans.filter((p) => p.error !== null)).toHaveLength(1);
		expect(view.error).toBeNull();
		// No card named: said above the cards; a code we do not know: the generic sentence.
		const loose = await pricingPage({ ...input, checkoutError: 'invalid_currency' }, en);
		expect(loose.error).toBe('Something went wrong. Please try again.');
	});
});

describe("a card's form, posted as it is rendered (JavaScript off)", () => {
	const post = (fields: Record<string, string>) =>
		new Request(`${SITE}/api/checkout`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: SITE },
			body: new URLSearchParams(fields).toString(),
		});
	const signedIn = (user: { id: string; email: string }) =>
		({
			user: { id: user.id, email: user.email },
			session: { id: 's', kind: 'web' },
			origin: SITE,
		}) as never;
	const cardFields = async (planId: string, currency = 'EUR') => {
		const view = await pricingPage({ ...input, currency }, en);
		const action = view.plans.find((p) => p.id === planId)?.action;
		if (action?.kind !== 'buy') throw new Error(`no form on ${planId}`);
		return { ...action.checkout.fields };
	};

	it('opens the checkout, which keeps no page to return to: a paid plan ends on its result page', async () => {
		const user = await makeUser();
		const outcome = await checkoutFormOutcome(
			post(await cardFields('premium-monthly')),
			signedIn(user),
			'c',
		);
		expect(outcome).toMatchObject({
			status: 303,
			location: expect.stringMatching(/\/en\/payment\/sandbox\/co_/),
		});
		const id = (outcome as { location: string }).location.split('/').pop()!;
		expect(await rows(`SELECT * FROM checkout_returns WHERE checkout_id = '${id}'`)).toEqual([]);
	});

	it('refused: back to its card with the reason; not signed in: the login, then the card', async () => {
		const user = await makeUser();
		const fields = { ...(await cardFields('premium-yearly')), currency: 'XYZ' };
		expect(await checkoutFormOutcome(post(fields), signedIn(user), 'c')).toEqual({
			status: 303,
			location:
				'/en/pricing?plan=premium-yearly&currency=EUR&checkout_error=unsupported_currency#plan-premium-yearly',
		});
		expect(
			await checkoutFormOutcome(
				post(await cardFields('premium-yearly')),
				{ user: null, session: null, origin: SITE } as never,
				'c',
			),
		).toEqual({
			status: 303,
			location: `/en/login?redirect=${encodeURIComponent('/en/pricing?plan=premium-yearly&currency=EUR#plan-premium-yearly')}`,
		});
	});
});
