import type { APIRoute } from 'astro';
import { matchesHandler } from '~/server/football/api/handlers';

export const prerender = false;

export const GET: APIRoute = ({ params, url, request }) =>
	matchesHandler({
		params,
		query: url.searchParams,
		ifNoneMatch: request.headers.get('if-none-match'),
	});
