import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import AccountBilling from '~/components/payments/AccountBilling.astro';
import { useTranslations } from '~/i18n/server';
import type { BillingSummary } from '~/server/payments/billing';

type Current = NonNullable<BillingSummary['current']>;

const plan = (over: Partial<Current> = {}): Current => ({
	subscriptionId: 42,
	planId: 'premium-monthly',
	kind: 'subscription',
	sport: null,
	matchId: null,
	rank: 2,
	status: 'active',
	currentPeriodEnd: new Date('2026-12-24T00:00:00Z'),
	cancelAtPeriodEnd: false,
	provider: 'sandbox',
	providerRef: 'sb_1',
	renews: false,
	...over,
});

// The account page's billing block renders the summary it is given; it looks nothing up.
describe('AccountBilling', () => {
	const render = async (summary: BillingSummary) => {
		const container = await AstroContainer.create();
		return container.renderToString(AccountBilling, {
			props: { summary },
			request: new Request('http://matchday.test/en/account'),
			locals: { t: useTranslations('en'), locale: 'en' } as App.Locals,
		});
	};

	it('a cancellable plan: its name, end date and a cancel form posting the subscription', async () => {
		const html = await render({ current: plan(), history: [] });
		expect(html).toContain('data-plan="premium-monthly"');
		expect(html).toContain('Premium monthly');
		expect(html).toContain('24 December 2026');
		expect(html).toMatch(/<form method="post" action="\/api\/payments\/cancel"/);
		expect(html).toContain('name="subscription" value="42"');
		expect(html).toContain('name="locale" value="en"');
		expect(html).toMatch(/<button type="submit"[^>]*>[^<]+<\/button>/);
	});

	it('no cancel form for a match pass or a plan already cancelled', async () => {
		expect(await render({ current: plan({ kind: 'match_pass' }), history: [] })).not.toContain(
			'<form',
		);
		expect(await render({ current: plan({ cancelAtPeriodEnd: true }), history: [] })).not.toContain(
			'<form',
		);
	});

	it('the free plan links to pricing; the history lists payments', async () => {
		const html = await render({
			current: null,
			history: [
				{
					id: 1,
					planId: 'premium-monthly',
					amount: 999,
					currency: 'EUR',
					createdAt: new Date('2026-01-05T10:00:00Z'),
				},
			],
		});
		expect(html).toContain('href="/en/pricing"');
		expect(html).toContain('5 January 2026');
		expect(html).toMatch(/<tbody[^>]*>\s*<tr/);
	});
});
