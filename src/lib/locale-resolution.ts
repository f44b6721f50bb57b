import { DEFAULT_LOCALE, isLocale, LOCALES, type Locale } from '../i18n/locales';

/** Longest Accept-Language header we read; anything beyond is ignored, never parsed. */
const MAX_ACCEPT_LANGUAGE = 512;

/** The locale named by the first path segment, if it is one of ours. */
export function localeFromPath(pathname: string): Locale | undefined {
	const first = pathname.split('/')[1];
	return isLocale(first) ? first : undefined;
}

/**
 * Picks the best of our locales from an Accept-Language header. Malformed, oversized or
 * wildcard-only headers yield undefined so the caller falls back to the default.
 */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale | undefined {
	if (!header) return undefined;
	const ranked: { tag: string; q: number; order: number }[] = [];
	header
		.slice(0, MAX_ACCEPT_LANGUAGE)
		.split(',')
		.forEach((part, order) => {
			const [rawTag, ...params] = part.trim().split(';');
			const tag = rawTag?.trim().toLowerCase() ?? '';
			if (!/^[a-z]{1,8}(-[a-z0-9]{1,8})*$/.test(tag)) return;
			let q = 1;
			for (const param of params) {
				const [key, value] = param.trim().split('=');
				if (key === 'q') {
					q = Number(value);
					if (!Number.isFinite(q) || q < 0 || q > 1) q = 0;
				}
			}
			if (q > 0) ranked.push({ tag, q, order });
		});
	ranked.sort((a, b) => b.q - a.q || a.order - b.order);
	for (const { tag } of ranked) {
		const primary = tag.split('-')[0];
		if (isLocale(primary)) return primary;
	}
	return undefined;
}

export interface LocaleInputs {
	pathname: string;
	cookie?: string | undefined;
	acceptLanguage?: string | null | undefined;
}

/**
 * The spec's order: URL prefix, saved cookie, browser languages (only on the root path),
 * then the default.
 */
export function resolveLocale({ pathname, cookie, acceptLanguage }: LocaleInputs): Locale {
	const fromPath = localeFromPath(pathname);
	if (fromPath) return fromPath;
	if (isLocale(cookie)) return cookie;
	if (pathname === '/') return localeFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LOCALE;
	return DEFAULT_LOCALE;
}

/** Swaps (or adds) the locale prefix of a path, keeping the rest untouched. */
export function pathForLocale(pathname: string, locale: Locale): string {
	const current = localeFromPath(pathname);
	const rest = current ? pathname.slice(current.length + 1) : pathname;
	const tail = rest === '/' ? '' : rest;
	return `/${locale}${tail}`;
}

/** The path with its locale prefix removed; '/' for a locale's home. */
export function stripLocale(pathname: string): string {
	const current = localeFromPath(pathname);
	if (!current) return pathname;
	return pathname.slice(current.length + 1) || '/';
}

export { LOCALES };

/** A link to `path` (unprefixed, starting with '/') in `locale`. */
export function localHref(locale: Locale, path = '/'): string {
	return path === '/' ? `/${locale}` : `/${locale}${path}`;
}
