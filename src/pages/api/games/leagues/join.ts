import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { requestMeta } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import { joinBody, joinLeagueHandler } from '~/server/games/api';

export const prerender = false;

/** Joins a friends league by its code `{ code }`; 429 with Retry-After after too many wrong codes. */
export const POST: APIRoute = async ({ request, locals, clientAddress }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, joinBody);
	if (!body.ok) return body.response;
	return joinLeagueHandler(caller.user.id, body.data.code, requestMeta(request, clientAddress).ip);
};
