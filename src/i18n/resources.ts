import type { Locale } from './locales';

/**
 * Every translation file, bundled at build time. One JSON file per namespace and locale:
 * `ui/<locale>/<namespace>.json`. Each feature owns its namespace, so features can add
 * strings without touching each other's files.
 */
const files = import.meta.glob<Record<string, unknown>>('/locales/*/*.json', {
	eager: true,
	import: 'default',
});

export type Resources = Record<Locale, Record<string, Record<string, unknown>>>;

export const resources = {} as Resources;
for (const [path, messages] of Object.entries(files)) {
	const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(path);
	if (!match) continue;
	const [, locale, namespace] = match as unknown as [string, Locale, string];
	resources[locale] ??= {};
	resources[locale][namespace] = messages;
}

export const NAMESPACES = [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))];
