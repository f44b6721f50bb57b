import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { methodNotAllowed } from '~/server/auth/http';
import { restoreBody, restoreEvent } from '~/server/cms/event-restore';
import { badPathId, consoleCall, idempotentScoring } from '~/server/cms/http';

/** POST /api/cms/matches/{id}/events/{eventId}/restore: undo a deletion (the entry again, audited). */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, restoreBody);
	if (!call.ok) return call.response;
	const eventId = parseDbId(context.params.eventId);
	if (eventId === null) return badPathId('eventId');
	const { actor } = call.actor;
	return idempotentScoring(context.request, actor, call.body, (claim) =>
		restoreEvent(actor, call.id, eventId, call.body, claim),
	);
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
