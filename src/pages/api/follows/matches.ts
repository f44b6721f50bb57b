import type { APIRoute } from 'astro';
import { parseFollowParam } from '~/server/follows/http';
import { myMatches } from '~/server/follows/my-matches';

/**
 * GET /api/follows/matches?f=team:7,competition:2: "My matches" for the list in the query.
 * The list is the caller's to give (members read theirs from /api/me/follows first), so
 * the answer is the same for everyone who asks with the same list: cacheable, not personal.
 */
export const GET: APIRoute = async ({ url }) => {
	const list = parseFollowParam(url.searchParams);
	if (list instanceof Response) return list;
	const data = await myMatches(list);
	return new Response(JSON.stringify({ data }), {
		headers: {
			'Content-Type': 'application/json; charset=utf-8',
			'Cache-Control': 'public, max-age=30',
		},
	});
};
