import type { APIRoute } from 'astro';
import { sitemapChunkXml } from '../server/seo/sitemap';

export const GET: APIRoute = async ({ params, locals }) => {
	const xml = await sitemapChunkXml(locals.origin, params.source ?? '', Number(params.page));
	if (!xml) return new Response('Not found', { status: 404 });
	return new Response(xml, {
		headers: {
			'Content-Type': 'application/xml; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	});
};
