import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { methodNotAllowed } from '~/server/auth/http';
import { badPathId, consoleCall, idempotentScoring } from '~/server/cms/http';
import { correctEvent, correctionBody, deleteEvent, deletionBody } from '~/server/cms/scoring';

/** PATCH /api/cms/matches/{id}/events/{eventId}: correct an entry (a new correction event). */
export const PATCH: APIRoute = async (context) => {
	const call = await consoleCall(context, correctionBody);
	if (!call.ok) return call.response;
	const eventId = parseDbId(context.params.eventId);
	if (eventId === null) return badPathId('eventId');
	const { actor } = call.actor;
	return idempotentScoring(context.request, actor, call.body, (claim) =>
		correctEvent(actor, call.id, eventId, call.body, claim),
	);
};

/** DELETE /api/cms/matches/{id}/events/{eventId}: rule an entry out (a new correction event). */
export const DELETE: APIRoute = async (context) => {
	const call = await consoleCall(context, deletionBody);
	if (!call.ok) return call.response;
	const eventId = parseDbId(context.params.eventId);
	if (eventId === null) return badPathId('eventId');
	const { actor } = call.actor;
	return idempotentScoring(context.request, actor, call.body, (claim) =>
		deleteEvent(actor, call.id, eventId, call.body, claim),
	);
};

export const ALL: APIRoute = () => methodNotAllowed('PATCH, DELETE');
