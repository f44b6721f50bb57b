import type { APIRoute } from 'astro';
import { isLocale } from '~/i18n/locales';
import { webAppManifest } from '~/server/pwa/manifest';

/** The web app manifest in the page's language (linked from every page's head). */
export const GET: APIRoute = ({ params, locals }) => {
	if (!isLocale(params.locale)) return new Response(null, { status: 404 });
	return new Response(JSON.stringify(webAppManifest(params.locale, locals.t)), {
		headers: {
			'Content-Type': 'application/manifest+json; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	});
};
