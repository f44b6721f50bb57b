import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { parseBody } from '~/server/auth/responses';
import { createLeagueHandler, leagueBody, myLeaguesHandler } from '~/server/games/api';

export const prerender = false;

/** The caller's friends leagues. */
export const GET: APIRoute = ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	return caller instanceof Response ? caller : myLeaguesHandler(caller.user.id);
};

/** Creates a friends league `{ name }`; the answer carries the code to share. */
export const POST: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, leagueBody);
	if (!body.ok) return body.response;
	return createLeagueHandler(caller.user.id, body.data.name);
};
