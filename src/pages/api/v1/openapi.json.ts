import type { APIRoute } from 'astro';
import { jsonResponse, MAX_AGE } from '~/server/football/api/http';
import { OPENAPI } from '~/server/football/api/openapi';

export const prerender = false;

export const GET: APIRoute = ({ request }) =>
	jsonResponse(OPENAPI, {
		ifNoneMatch: request.headers.get('if-none-match'),
		maxAge: MAX_AGE.static,
	});
