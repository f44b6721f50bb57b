import type { APIRoute } from 'astro';
import { robotsTxt } from '~/server/seo/robots';

export const GET: APIRoute = ({ locals }) =>
	new Response(robotsTxt(locals.origin), {
		headers: {
			'Content-Type': 'text/plain; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
		},
	});
