import type { APIRoute } from 'astro';

export const GET: APIRoute = ({ locals }) =>
	new Response(
		`User-agent: *\nAllow: /\nDisallow: /api/\nDisallow: /cms/\nDisallow: /*/account\nDisallow: /*/payment/\n\nSitemap: ${locals.origin}/sitemap.xml\n`,
		{
			headers: {
				'Content-Type': 'text/plain; charset=utf-8',
				'Cache-Control': 'public, max-age=3600',
			},
		},
	);
