import type { APIRoute } from 'astro';
import { isLocale } from '~/i18n/locales';
import { newsFeed } from '~/server/seo/rss';

/** The site's news in one language, as RSS 2.0. */
export const GET: APIRoute = async ({ params, locals }) => {
	if (!isLocale(params.locale)) return new Response(null, { status: 404 });
	const { t, origin } = locals;
	return newsFeed(params.locale, origin, {
		title: `${t('site.name')}: ${t('pages.news.title')}`,
		description: t('pages.news.description'),
	});
};
