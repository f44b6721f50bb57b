import { describe, expect, it } from 'vitest';
import { LOCALES } from '~/i18n/locales';
import { robotsTxt } from '~/server/seo/robots';
import { ROBOTS_EXPECTATIONS, verdicts } from '../../../helpers/robots';

describe('robots.txt', () => {
	const text = robotsTxt('https://example.org');
	const paths = ROBOTS_EXPECTATIONS.map(([p]) => p);
	const expected = ROBOTS_EXPECTATIONS.map(([, allowed]) => allowed);

	it('first-match, RFC 9309 (longest match) and Python parsers give the same, expected answers', () => {
		const v = verdicts(text, paths);
		expect(v.rfc9309).toEqual(expected);
		expect(v.firstMatch).toEqual(expected);
		if (v.python) expect(v.python).toEqual(expected);
	});

	it('lists the private paths of every locale without wildcards, and keeps the Sitemap line', () => {
		for (const locale of LOCALES) {
			expect(text).toContain(`Disallow: /${locale}/account\n`);
			expect(text).toContain(`Disallow: /${locale}/payment/\n`);
		}
		expect(text).not.toMatch(/^(Allow|Disallow):.*\*/m);
		expect(text).toMatch(/\nSitemap: https:\/\/example\.org\/sitemap\.xml\n$/);
		// Allow: / comes after every Disallow, so the first matching rule is the specific one.
		expect(text.lastIndexOf('Disallow:')).toBeLessThan(text.indexOf('Allow: /'));
	});

	it('the old file read differently by the two kinds of parser (the defect this guards)', () => {
		const old =
			'User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /cms/\nDisallow: /*/account\nDisallow: /*/payment/\n';
		const v = verdicts(old, ['/api/v1/competitions', '/en/account']);
		expect(v.rfc9309).toEqual([false, false]);
		expect(v.firstMatch).toEqual([true, true]);
		if (v.python) expect(v.python).toEqual([true, true]);
	});
});
