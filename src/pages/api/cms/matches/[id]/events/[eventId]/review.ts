import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { methodNotAllowed } from '~/server/auth/http';
import { badPathId, consoleCall, scoringResponse } from '~/server/cms/http';
import { resolveReview, reviewBody } from '~/server/cms/review';

/** POST /api/cms/matches/{id}/events/{eventId}/review: confirm or cancel an entry under review. */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, reviewBody);
	if (!call.ok) return call.response;
	const eventId = parseDbId(context.params.eventId);
	if (eventId === null) return badPathId('eventId');
	return scoringResponse(await resolveReview(call.actor.actor, call.id, eventId, call.body));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
