import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { methodNotAllowed } from '~/server/auth/http';
import { badPathId, consoleCall, scoringResponse } from '~/server/cms/http';
import { correctEvent, correctionBody, deleteEvent, deletionBody } from '~/server/cms/scoring';

/** PATCH /api/cms/matches/{id}/events/{eventId}: correct an entry (a new correction event). */
export const PATCH: APIRoute = async (context) => {
	const call = await consoleCall(context, correctionBody);
	if (!call.ok) return call.response;
	const eventId = parseDbId(context.params.eventId);
	if (eventId === null) return badPathId('eventId');
	return scoringResponse(await correctEvent(call.actor.actor, call.id, eventId, call.body));
};

/** DELETE /api/cms/matches/{id}/events/{eventId}: rule an entry out (a new correction event). */
export const DELETE: APIRoute = async (context) => {
	const call = await consoleCall(context, deletionBody);
	if (!call.ok) return call.response;
	const eventId = parseDbId(context.params.eventId);
	if (eventId === null) return badPathId('eventId');
	return scoringResponse(await deleteEvent(call.actor.actor, call.id, eventId, call.body));
};

export const ALL: APIRoute = () => methodNotAllowed('PATCH, DELETE');
