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

/** Every leaf message of a locale under its full key, `namespace:path.to.key`. */
function flatten(locale: Locale): Map<string, string> {
	const out = new Map<string, string>();
	const walk = (prefix: string, value: unknown) => {
		if (typeof value === 'string') out.set(prefix, value);
		else if (value && typeof value === 'object') {
			for (const [k, v] of Object.entries(value))
				walk(prefix.endsWith(':') ? `${prefix}${k}` : `${prefix}.${k}`, v);
		}
	};
	for (const [ns, messages] of Object.entries(resources[locale] ?? {})) walk(`${ns}:`, messages);
	return out;
}

const flat = new Map<Locale, Map<string, string>>();
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/**
 * A translate function bound to a locale. Keys are `namespace:path.to.key`; a bare key
 * means the `common` namespace.
 *
 * Pages look up dozens of messages per render, and i18next's general machinery was a tenth
 * of a page's rendering time; our messages use only plain `{{name}}` interpolation, so a
 * flat map answers them directly. Anything else (a missing key, a default value, options
 * other than interpolation values) goes through i18next itself; a test checks that both
 * paths give the same text for every message of every locale.
 */
export function useTranslations(locale: Locale): Translate {
	let messages = flat.get(locale);
	if (!messages) flat.set(locale, (messages = flatten(locale)));
	const fallback =
		flat.get(DEFAULT_LOCALE) ??
		flat.set(DEFAULT_LOCALE, flatten(DEFAULT_LOCALE)).get(DEFAULT_LOCALE)!;
	const slow = getInstance().getFixedT(locale);
	return (key, options) => {
		const full = key.includes(':') ? key : `common:${key}`;
		const message = messages.get(full) ?? fallback.get(full);
		if (message === undefined || (options && 'defaultValue' in options)) {
			return String(slow(key, options as TOptions));
		}
		if (!options) return message;
		const values = options as Record<string, unknown>;
		return message.replace(PLACEHOLDER, (match, name: string) =>
			values[name] === undefined ? match : String(values[name]),
		);
	};
}

/** The plain i18next answer, for the test that compares both paths. */
export function translateWithI18next(locale: Locale, key: string, options?: TOptions): string {
	return String(getInstance().getFixedT(locale)(key, options));
}
