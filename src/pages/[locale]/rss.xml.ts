import rss from '@astrojs/rss';
import type { APIRoute } from 'astro';
import { isLocale } from '~/i18n/locales';
import { newsFor, slugOf } from '~/server/content/entries';

/** The site's news in one language, as RSS 2.0. */
export const GET: APIRoute = async ({ params, locals }) => {
	if (!isLocale(params.locale)) return new Response(null, { status: 404 });
	const { t, origin } = locals;
	const posts = await newsFor(params.locale);
	return rss({
		title: `${t('site.name')}: ${t('pages.news.title')}`,
		description: t('pages.news.description'),
		site: `${origin}/${params.locale}`,
		items: posts.map((p) => ({
			title: p.data.title,
			description: p.data.description,
			pubDate: p.data.published,
			link: `${origin}/${params.locale}/news/${slugOf(p)}`,
		})),
		customData: `<language>${params.locale}</language>`,
	});
};
