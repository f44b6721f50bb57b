/**
 * The live content loader of console news (collection `articles` in src/live.config.ts).
 * Pages read it through Astro's content API (`getLiveCollection`, `getLiveEntry`) beside
 * the Markdown posts; it queries the database on every call, so a publish shows at once.
 */
import type { LiveLoader } from 'astro/loaders';
import type { Locale } from '~/i18n/locales';
import { NEWS_TAG } from '../cache/tags';
import { renderMarkdown } from './markdown';
import { type PublicArticle, publishedArticle, publishedArticles } from './store';

export type ArticleData = Omit<PublicArticle, 'body'>;

const hint = (a?: PublicArticle) => ({
	tags: [NEWS_TAG],
	...(a ? { lastModified: a.updated } : {}),
});

const data = ({ body: _body, ...rest }: PublicArticle): ArticleData => rest;

export function articlesLoader(): LiveLoader<
	ArticleData,
	{ id: string; locale: Locale },
	{ locale: Locale }
> {
	return {
		name: 'matchday-news-articles',
		loadCollection: async ({ filter }) => {
			const list = await publishedArticles(filter?.locale ?? 'en');
			return {
				entries: list.map((a) => ({ id: a.slug, data: data(a), cacheHint: hint(a) })),
				cacheHint: hint(),
			};
		},
		loadEntry: async ({ filter }) => {
			const a = await publishedArticle(filter.id, filter.locale);
			if (!a) return undefined;
			// Sanitised on output (markdown.ts): whatever an editor typed becomes safe here.
			return {
				id: a.slug,
				data: data(a),
				rendered: { html: renderMarkdown(a.body) },
				cacheHint: hint(a),
			};
		},
	};
}
