import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { myPicksHandler } from '~/server/games/api';

export const prerender = false;

/** The caller's picks on a match's games (`?matchId=`), with points once settled. */
export const GET: APIRoute = ({ request, locals, url }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	return myPicksHandler(url.searchParams.get('matchId'), caller.user.id);
};
