import type { APIRoute } from 'astro';
import { crestHandler } from '~/server/football/api/feeds';

export const prerender = false;

export const GET: APIRoute = ({ params, request }) =>
	crestHandler({ id: params.id, ifNoneMatch: request.headers.get('if-none-match') });
