import type { APIRoute } from 'astro';
import { h2hHandler } from '~/server/football/api/handlers';

export const prerender = false;

export const GET: APIRoute = ({ params, url, request }) =>
	h2hHandler({
		params,
		query: url.searchParams,
		ifNoneMatch: request.headers.get('if-none-match'),
	});
