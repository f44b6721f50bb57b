import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { describe, expect, it } from 'vitest';
import ExpiryBanner from '~/components/payments/ExpiryBanner.astro';
import { useTranslations } from '~/i18n/server';

// The banner renders the reminder the middleware put in locals; it looks nothing up itself.
describe('ExpiryBanner', () => {
	const render = async (expiryReminder: App.Locals['expiryReminder']) => {
		const container = await AstroContainer.create();
		return container.renderToString(ExpiryBanner, {
			request: new Request('http://matchday.test/en/league/1?tab=table'),
			locals: { t: useTranslations('en'), locale: 'en', expiryReminder } as App.Locals,
		});
	};

	it('shows the reminder from locals: plan, end date, renew link and dismiss form', async () => {
		const html = await render({
			planId: 'premium-monthly',
			endsAt: new Date('2026-12-24T00:00:00Z'),
			dismissKey: '7-1798070400',
		});
		expect(html).toContain('class="expiry-banner');
		expect(html).toContain('Premium monthly ends on 24 December 2026');
		expect(html).toContain('href="/en/pricing?plan=premium-monthly"');
		expect(html).toContain('name="key" value="7-1798070400"');
		expect(html).toContain('name="next" value="/en/league/1?tab=table"');
	});

	it('renders nothing without one (none to show, or the lookup failed)', async () => {
		expect((await render(null)).trim()).toBe('');
		expect((await render(undefined)).trim()).toBe('');
	});
});
