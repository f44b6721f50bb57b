import type { APIRoute } from 'astro';
import { teamHandler } from '~/server/football/api/handlers';

export const prerender = false;

export const GET: APIRoute = ({ params, url, request }) =>
	teamHandler({
		params,
		query: url.searchParams,
		ifNoneMatch: request.headers.get('if-none-match'),
	});
