import type { Locale } from '~/i18n/locales';
import { config } from '../config';

/**
 * An absolute link to one of our pages. Built from SITE_URL only: never from the request's
 * Host or X-Forwarded-Host, which a client can forge (checklist A6).
 */
export function siteLink(locale: Locale, path: string, query?: Record<string, string>): string {
	const url = new URL(`/${locale}${path}`, config().SITE_URL);
	for (const [key, value] of Object.entries(query ?? {})) url.searchParams.set(key, value);
	return url.toString();
}
