import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { parseBody } from '~/server/auth/responses';
import { pickBody, pickHandler } from '~/server/games/api';

export const prerender = false;

/** A pick `{ pick }` on a live game: 201 with the points at stake (200 for a repeat). */
export const POST: APIRoute = async ({ params, request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, pickBody);
	if (!body.ok) return body.response;
	return pickHandler(params.gameId, caller.user.id, body.data.pick);
};
