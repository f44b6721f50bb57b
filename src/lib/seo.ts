import { LOCALES, LOCALE_TAGS, DEFAULT_LOCALE, type Locale } from '../i18n/locales';
import { pathForLocale } from './locale-resolution';

export interface Alternate {
	hreflang: string;
	href: string;
}

/**
 * hreflang alternates for a localised path: one per locale plus `x-default` (the
 * unprefixed path, which redirects by cookie or browser language).
 */
export function alternatesFor(pathname: string, origin: string): Alternate[] {
	const links = LOCALES.map((locale) => ({
		hreflang: LOCALE_TAGS[locale].split('-')[0] as string,
		href: new URL(pathForLocale(pathname, locale), origin).href,
	}));
	links.push({
		hreflang: 'x-default',
		href: new URL(pathForLocale(pathname, DEFAULT_LOCALE), origin).href,
	});
	return links;
}

/** Canonical URL of a page: its own locale's path, no query string. */
export function canonicalFor(pathname: string, locale: Locale, origin: string): string {
	return new URL(pathForLocale(pathname, locale), origin).href;
}

/**
 * Serialises JSON-LD so that it can never close its <script> element: `<` is escaped,
 * so `</script>` inside a CMS string stays data.
 */
export function jsonLd(data: unknown): string {
	return JSON.stringify(data)
		.replace(/</g, '\\u003c')
		.replace(/\u2028|\u2029/g, (c) => (c === '\u2028' ? '\\u2028' : '\\u2029'));
}

const isEmptyList = (node: unknown): boolean => {
	const n = node as { '@type'?: unknown; itemListElement?: unknown } | null;
	return (
		n?.['@type'] === 'ItemList' &&
		Array.isArray(n.itemListElement) &&
		n.itemListElement.length === 0
	);
};

/**
 * Structured data as it is worth publishing: an ItemList of nothing (a day or a ranking
 * with no match yet) says nothing and breaks Google's list rules, so it is dropped, from a
 * @graph or as the whole block. Undefined when nothing is left.
 */
export function publishableStructuredData(data: unknown): unknown {
	if (data === undefined || data === null || isEmptyList(data)) return undefined;
	const graph = (data as { '@graph'?: unknown })['@graph'];
	if (!Array.isArray(graph)) return data;
	const kept = graph.filter((node) => !isEmptyList(node));
	return kept.length > 0 ? { ...(data as object), '@graph': kept } : undefined;
}

/**
 * A JSON-LD block as a view hands it to the layout (schema-dts types from
 * src/server/seo/jsonld, or a plain object); Seo.astro serialises it.
 */
export type StructuredData = object;
