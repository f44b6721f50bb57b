/**
 * robots.txt. Crawlers read it two ways: RFC 9309 (Google, Bing: the longest matching rule
 * wins) and "first matching rule wins" (Python's urllib.robotparser and other simple
 * parsers). Both give the same answers when every Disallow comes before the one `Allow: /`
 * and no rule needs a wildcard, so private paths are listed explicitly per locale instead
 * of one wildcard rule (a `*` inside a path is not understood by every parser).
 */
import { LOCALES } from '~/i18n/locales';

/** Paths outside the locale prefix that crawlers should not fetch. */
export const PRIVATE_ROOTS = ['/api/', '/cms/'] as const;

/**
 * Private pages of every locale (account, checkout and payment results, the CMS, password
 * reset links). Listed unprefixed too: those addresses redirect into a locale.
 */
export const PRIVATE_PAGES = ['/account', '/payment/', '/cms/', '/auth/'] as const;

/** Every Disallow path, in the order written. */
export function disallowedPaths(): string[] {
	const localised = LOCALES.flatMap((locale) => PRIVATE_PAGES.map((p) => `/${locale}${p}`));
	const unprefixed = PRIVATE_PAGES.filter((p) => !(PRIVATE_ROOTS as readonly string[]).includes(p));
	return [...PRIVATE_ROOTS, ...unprefixed, ...localised];
}

/** The robots.txt document for `origin`. */
export function robotsTxt(origin: string): string {
	const lines = [
		'User-agent: *',
		...disallowedPaths().map((p) => `Disallow: ${p}`),
		'Allow: /',
		'',
		`Sitemap: ${origin}/sitemap.xml`,
		'',
	];
	return lines.join('\n');
}
