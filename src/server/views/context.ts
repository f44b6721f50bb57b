import type { Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';

/**
 * What a view needs to know of the visitor: plain values a route passes straight from
 * `Astro.locals` (the view never sees the request).
 */
export interface ViewContext {
	locale: Locale;
	/** `t` bound to `locale` (the locale middleware's `useTranslations(locale)`). */
	t: Translate;
	/** The site's origin, for absolute URLs in structured data and embed code. */
	origin: string;
	/** The visitor's IANA zone: kick-offs and "today" are shown in it. */
	timeZone: string;
}
