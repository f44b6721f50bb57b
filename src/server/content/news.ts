/**
 * The site's published news, whoever publishes it. Today the Markdown posts under
 * src/content/news are the only source; the CMS, once it publishes articles, adds its own
 * source to NEWS_SOURCES (a function returning its published posts in a locale) and they
 * appear in the RSS feeds at once, newest first among the others.
 */
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

/** THE list of news sources. The CMS adds its published articles here. */
export const NEWS_SOURCES: NewsSource[] = [markdownNews];

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
