/**
 * THE locale list. Routing, the sitemap, hreflang links, the language switcher and the
 * translation-completeness test all read it; adding a language starts here.
 */
export const LOCALES = ['en', 'id', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'tr', 'ru'] as const;

export type Locale = (typeof LOCALES)[number];

export const DEFAULT_LOCALE: Locale = 'en';

/** Each language's own name for itself, shown in the switcher. */
export const LOCALE_NAMES: Record<Locale, string> = {
	en: 'English',
	id: 'Bahasa Indonesia',
	de: 'Deutsch',
	es: 'Español',
	fr: 'Français',
	it: 'Italiano',
	nl: 'Nederlands',
	pt: 'Português',
	tr: 'Türkçe',
	ru: 'Русский',
};

/** BCP 47 tags for Intl formatting, `<html lang>` and hreflang. */
export const LOCALE_TAGS: Record<Locale, string> = {
	en: 'en-GB',
	id: 'id-ID',
	de: 'de-DE',
	es: 'es-ES',
	fr: 'fr-FR',
	it: 'it-IT',
	nl: 'nl-NL',
	pt: 'pt-PT',
	tr: 'tr-TR',
	ru: 'ru-RU',
};

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}
