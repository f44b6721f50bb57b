/**
 * The site's published news, whoever publishes it: the Markdown posts under
 * src/content/news and the console's articles (the live collection `articles`, read at
 * request time), both through Astro's content API. The list page, the RSS feeds and the
 * sitemap read NEWS_SOURCES, so a publish shows in all of them at once.
 */
import { getLiveCollection, getLiveEntry } from 'astro:content';
import type { Locale } from '~/i18n/locales';
import { newsFor, slugOf } from './entries';

export interface NewsPost {
	/** Address part after /news/. */
	slug: string;
	title: string;
	description: string;
	published: Date;
	updated: Date;
	/** A same-site image path; feeds and JSON-LD fall back to the site's share image. */
	image?: { src: string; alt: string } | undefined;
	/** A named author; the site's editorial team when absent. */
	author?: string | undefined;
	/** Set when the post has no version in the locale asked for and shows this one. */
	fallbackLocale?: Locale | undefined;
}

/** A source of published posts in one locale. */
export type NewsSource = (locale: Locale) => Promise<NewsPost[]>;

/** The Markdown posts of a locale. */
export const markdownNews: NewsSource = async (locale) =>
	(await newsFor(locale)).map((e) => ({
		slug: slugOf(e),
		title: e.data.title,
		description: e.data.description,
		published: e.data.published,
		updated: e.data.updated,
		image: e.data.image,
		author: e.data.author,
	}));

/** The console's published articles of a locale (English text where it has none). */
export const liveNews: NewsSource = async (locale) => {
	const { entries, error } = await getLiveCollection('articles', { locale });
	// A database failure is a failure (500), not an empty list that hides every article.
	if (error || !entries) throw error ?? new Error('articles: no entries');
	return entries.map(({ data: a }) => ({
		slug: a.slug,
		title: a.title,
		description: a.summary,
		published: a.published,
		updated: a.updated,
		image: a.image ? { src: `/media/news/${a.image}`, alt: a.imageAlt ?? a.title } : undefined,
		author: a.author ?? undefined,
		fallbackLocale: a.textLocale !== locale ? a.textLocale : undefined,
	}));
};

/** THE list of news sources. */
export const NEWS_SOURCES: NewsSource[] = [markdownNews, liveNews];

/** Every published post of a locale from `sources`, newest first. */
export async function publishedNews(
	locale: Locale,
	sources: readonly NewsSource[] = NEWS_SOURCES,
): Promise<NewsPost[]> {
	const lists = await Promise.all(sources.map((source) => source(locale)));
	return lists
		.flat()
		.sort((a, b) => b.published.getTime() - a.published.getTime() || a.slug.localeCompare(b.slug));
}

/** A console article visible now, in `locale` (or English, marked), with its safe HTML. */
export async function liveArticle(locale: Locale, slug: string) {
	if (!/^[a-z0-9-]{1,80}$/.test(slug)) return undefined;
	const { entry, error } = await getLiveEntry('articles', { id: slug, locale });
	if (error && error.name !== 'LiveEntryNotFoundError') throw error;
	if (!entry) return undefined;
	return { ...entry.data, html: entry.rendered?.html ?? '' };
}

/** The console articles' pages, for the sitemap (every article has its English version). */
export async function liveNewsPaths(): Promise<string[]> {
	return (await liveNews('en')).map((p) => `/news/${p.slug}`);
}
