import { describe, expect, it } from 'vitest';
import { formatDate } from '~/server/auth/page-props';

// The account page's session list speaks the site's English (en-GB), like every other
// date on the English site, not the US order the bare 'en' tag gives.
describe('formatDate (account sessions)', () => {
	const iso = '2026-11-03T16:05:00.000Z';

	it('English reads day before month, 24-hour clock', () => {
		const text = formatDate('en', iso);
		expect(text).toMatch(/^3 Nov 2026/);
		expect(text).toContain('16:05');
		expect(text).not.toMatch(/PM/);
	});

	it('each locale uses its own regional tag', () => {
		expect(formatDate('de', iso)).toMatch(/^03\.11\.2026/);
		expect(formatDate('pt', iso)).toContain('2026');
	});
});
