/**
 * The cookie that remembers the visitor's language (the spec's `i18n_redirected`). Set by
 * the locale middleware on every prefixed page, and by the route cache on a hit, which
 * skips that middleware; both write it through this module so it reads the same.
 */
export const LOCALE_COOKIE = 'i18n_redirected';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The Set-Cookie value that remembers `locale`: a year, whole site, Lax, readable by scripts. */
export function localeCookieHeader(locale: string): string {
	return `${LOCALE_COOKIE}=${locale}; Max-Age=${LOCALE_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`;
}
