import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import AccountBilling from '~/components/payments/AccountBilling.astro';
import { useTranslations } from '~/i18n/server';
import type { BillingView } from '~/server/payments/billing-view';

const current = (over: Partial<NonNullable<BillingView['current']>> = {}) => ({
	planId: 'premium-monthly',
	name: 'Premium monthly',
	note: 'Ends on 24 December 2026',
	cancel: { subscriptionId: 42, locale: 'en' as const },
	...over,
});

// The account page's billing block prints the view it is given; it looks nothing up.
describe('AccountBilling', () => {
	const render = async (view: BillingView) => {
		const container = await AstroContainer.create();
		return container.renderToString(AccountBilling, {
			props: { view },
			request: new Request('http://matchday.test/en/account'),
			locals: { t: useTranslations('en'), locale: 'en' } as App.Locals,
		});
	};

	it('a cancellable plan: its name, end date and a cancel form posting the subscription', async () => {
		const html = await render({ current: current(), upgradeHref: '/en/pricing', history: [] });
		expect(html).toContain('data-plan="premium-monthly"');
		expect(html).toContain('Premium monthly');
		expect(html).toContain('24 December 2026');
		expect(html).toMatch(/<form method="post" action="\/api\/payments\/cancel"/);
		expect(html).toContain('name="subscription" value="42"');
		expect(html).toContain('name="locale" value="en"');
		expect(html).toMatch(/<button type="submit"[^>]*>[^<]+<\/button>/);
	});

	it('no cancel form when the view has nothing to cancel', async () => {
		const html = await render({
			current: current({ cancel: null }),
			upgradeHref: '/en/pricing',
			history: [],
		});
		expect(html).not.toContain('<form');
	});

	it('the free plan links to pricing; the history lists payments', async () => {
		const html = await render({
			current: null,
			upgradeHref: '/en/pricing',
			history: [{ date: '5 January 2026', plan: 'Premium monthly', amount: '€9.99' }],
		});
		expect(html).toContain('href="/en/pricing"');
		expect(html).toContain('5 January 2026');
		expect(html).toMatch(/<tbody[^>]*>\s*<tr/);
	});
});
