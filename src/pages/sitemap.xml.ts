import type { APIRoute } from 'astro';
import { sitemapIndexXml } from '../server/seo/sitemap';

export const GET: APIRoute = async ({ locals }) =>
	new Response(await sitemapIndexXml(locals.origin), {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	});
