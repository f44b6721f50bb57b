import type { APIRoute } from 'astro';
import { calendarHandler } from '~/server/football/api/feeds';

export const prerender = false;

export const GET: APIRoute = ({ params, request, locals, url }) =>
	calendarHandler({
		kind: 'team',
		id: params.id,
		origin: locals.origin,
		ifNoneMatch: request.headers.get('if-none-match'),
		query: url.searchParams,
	});
