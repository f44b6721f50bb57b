import i18next, { type i18n, type TOptions } from 'i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from './locales';
import { NAMESPACES, resources } from './resources';

let instance: i18n | undefined;

/** One i18next instance for the process, initialised synchronously from bundled JSON. */
function getInstance(): i18n {
	if (instance) return instance;
	instance = i18next.createInstance();
	void instance.init({
		initAsync: false,
		resources,
		supportedLngs: [...LOCALES],
		fallbackLng: DEFAULT_LOCALE,
		ns: NAMESPACES,
		defaultNS: 'common',
		interpolation: { escapeValue: false }, // Astro and React escape on output.
		returnNull: false,
		showSupportNotice: false,
	} as Parameters<i18n['init']>[0]);
	return instance;
}

export type Translate = (key: string, options?: TOptions) => string;

/**
 * A translate function bound to a locale. Keys are `namespace:path.to.key`; a bare key
 * means the `common` namespace.
 */
export function useTranslations(locale: Locale): Translate {
	const t = getInstance().getFixedT(locale);
	return (key, options) => String(t(key, options as TOptions));
}
