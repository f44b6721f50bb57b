import { LOCALE_TAGS, type Locale } from '~/i18n/locales';
import type { Translate } from '~/i18n/server';

/** Theme colours of the installed app: the header's green, and the light page background. */
export const THEME_LIGHT = '#0b7a3e';
export const THEME_DARK = '#0d1117';
const BACKGROUND = '#f6f7f9';

/**
 * The web app manifest in one language: name, start page and shortcuts in the visitor's
 * language. One app for every language (the same `id`), so switching language does not
 * install a second app. Icons are made by scripts/make-icons.mjs from public/icons/icon.svg.
 */
export function webAppManifest(locale: Locale, t: Translate) {
	return {
		id: '/',
		name: t('follow:pwa.name'),
		short_name: t('follow:pwa.shortName'),
		description: t('follow:pwa.description'),
		lang: LOCALE_TAGS[locale],
		dir: 'ltr',
		start_url: `/${locale}`,
		scope: '/',
		display: 'standalone',
		background_color: BACKGROUND,
		theme_color: THEME_LIGHT,
		icons: [
			{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
			{ src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
			{ src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
		],
		shortcuts: [
			{
				name: t('follow:pwa.shortcutLive'),
				url: `/${locale}/live-matches`,
				icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
			},
			{
				name: t('follow:pwa.shortcutMine'),
				url: `/${locale}#my-matches`,
				icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
			},
		],
	};
}
