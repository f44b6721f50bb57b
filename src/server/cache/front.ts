/**
 * The route cache as the production front (scripts/serve.mjs) sees it: everything it needs
 * to answer a hit without entering Astro, and nothing else.
 *
 * The build emits this module as a file of its own, `server/front-cache.mjs` beside the
 * server entry (see astro.config.ts). The front imports that file; the server bundle's
 * middleware imports the same chunks, so both reach ONE route cache per process, by an
 * import a reader can follow (no global hand-off).
 */
import { isHttpsOrigin, staticFileHeaders } from '~/lib/security-headers';
import { config } from '../config';

export { LOCALE_COOKIE, localeCookieHeader } from '~/lib/locale-cookie';
export { THEME_COOKIE } from '~/lib/theme';
/** Widgets (/{locale}/embed/…): served whatever the cookies, and set none. */
export { isEmbedPath } from '~/lib/embed';
/** The locale of a path (one list of locales: src/i18n/locales.ts); stored pages have one. */
export { localeFromPath } from '~/lib/locale-resolution';
export { cacheKey, storedPage, type Encoded, type StoredPage } from './route-cache';

/**
 * The security headers of a static file the front serves (one source of the values with
 * the middleware: src/lib/security-headers.ts); HSTS when the site's origin is https.
 */
export function staticSecurityHeaders(contentType: string): Record<string, string> {
	return staticFileHeaders(contentType, isHttpsOrigin(new URL(config().SITE_URL).origin));
}
