/**
 * The RSS 2.0 feed of a locale's news: every published post (publishedNews: the Markdown
 * posts today, the CMS's articles once it publishes), newest first, each with its image
 * as Media RSS when it has one, and an atom:link rel="self" naming the feed's own address
 * as feed validators and WebSub expect.
 */
import rss from '@astrojs/rss';
import type { Locale } from '~/i18n/locales';
import { absoluteUrl, newsPath, rssPath } from '~/lib/urls';
import { publishedNews, type NewsSource } from '~/server/content/news';

const escapeXml = (s: string) =>
	s
		.replace(/&/g, '&amp;')
		.replace(/</g, '&lt;')
		.replace(/>/g, '&gt;')
		.replace(/"/g, '&quot;')
		.replace(/'/g, '&apos;');

const IMAGE_TYPES: Record<string, string> = {
	png: 'image/png',
	jpg: 'image/jpeg',
	jpeg: 'image/jpeg',
	webp: 'image/webp',
};

export interface FeedText {
	title: string;
	description: string;
}

/** The feed document of `locale` on `origin`. `sources` defaults to every news source. */
export async function newsFeed(
	locale: Locale,
	origin: string,
	text: FeedText,
	sources?: readonly NewsSource[],
): Promise<Response> {
	const posts = await publishedNews(locale, sources);
	const self = new URL(rssPath(locale), origin).href;
	return rss({
		title: text.title,
		description: text.description,
		site: absoluteUrl(origin, locale),
		trailingSlash: false,
		xmlns: {
			atom: 'http://www.w3.org/2005/Atom',
			media: 'http://search.yahoo.com/mrss/',
			dc: 'http://purl.org/dc/elements/1.1/',
		},
		customData: `<language>${locale}</language><atom:link href="${escapeXml(self)}" rel="self" type="application/rss+xml"/>`,
		items: posts.map((p) => {
			const image = p.image ? new URL(p.image.src, origin).href : null;
			const type = p.image ? IMAGE_TYPES[p.image.src.split('.').pop() ?? ''] : undefined;
			return {
				title: p.title,
				description: p.description,
				pubDate: p.published,
				link: absoluteUrl(origin, locale, newsPath(p.slug)),
				// RSS's own <author> must be an e-mail address: a name goes in dc:creator.
				customData:
					(p.author ? `<dc:creator>${escapeXml(p.author)}</dc:creator>` : '') +
					(image && p.image
						? `<media:content url="${escapeXml(image)}" medium="image"${type ? ` type="${type}"` : ''}><media:description type="plain">${escapeXml(p.image.alt)}</media:description></media:content>`
						: ''),
			};
		}),
	});
}
