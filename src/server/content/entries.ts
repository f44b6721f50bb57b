import { getCollection, getEntry, type CollectionEntry } from 'astro:content';
import type { Locale } from '~/i18n/locales';

type Kind = 'pages' | 'guides' | 'news';

/** One Markdown entry in a locale, or undefined (the route answers 404). */
export async function contentEntry<K extends Kind>(
	kind: K,
	locale: Locale,
	slug: string,
): Promise<CollectionEntry<K> | undefined> {
	if (!/^[a-z0-9-]+(\/[a-z0-9-]+)?$/.test(slug)) return undefined;
	return (await getEntry(kind, `${locale}/${slug}`)) as CollectionEntry<K> | undefined;
}

/** The slug of an entry: its id without the locale folder. */
export function slugOf(entry: { id: string }): string {
	return entry.id.split('/').slice(1).join('/');
}

/** Guides of a locale, in their reading order. */
export async function guidesFor(locale: Locale): Promise<CollectionEntry<'guides'>[]> {
	const all = await getCollection('guides', (e) => e.id.startsWith(`${locale}/`));
	return all.sort((a, b) => a.data.order - b.data.order);
}

/** News posts of a locale, newest first. */
export async function newsFor(locale: Locale): Promise<CollectionEntry<'news'>[]> {
	const all = await getCollection('news', (e) => e.id.startsWith(`${locale}/`));
	return all.sort((a, b) => b.data.published.getTime() - a.data.published.getTime());
}

/** The slugs of the Markdown posts in every locale (a console article may not take one). */
export async function markdownNewsSlugs(): Promise<Set<string>> {
	return new Set((await getCollection('news')).map(slugOf));
}

/** Unprefixed paths of every content page, for the sitemap (English is the reference set). */
export async function contentPaths(): Promise<string[]> {
	const [pages, guides, news] = await Promise.all([
		getCollection('pages', (e) => e.id.startsWith('en/')),
		getCollection('guides', (e) => e.id.startsWith('en/')),
		getCollection('news', (e) => e.id.startsWith('en/')),
	]);
	return [
		...pages.map((e) => `/${slugOf(e)}`),
		'/guides',
		...guides.map((e) => `/guides/${slugOf(e)}`),
		'/news',
		...news.map((e) => `/news/${slugOf(e)}`),
	];
}
