import type { APIRoute } from 'astro';
import { standingsHandler } from '~/server/football/api/handlers';

export const prerender = false;

export const GET: APIRoute = ({ params, url, request }) =>
	standingsHandler({
		params,
		query: url.searchParams,
		ifNoneMatch: request.headers.get('if-none-match'),
	});
