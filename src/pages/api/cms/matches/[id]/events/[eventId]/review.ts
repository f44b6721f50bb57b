import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { methodNotAllowed } from '~/server/auth/http';
import { badPathId, consoleCall, idempotentScoring } from '~/server/cms/http';
import { resolveReview, reviewBody } from '~/server/cms/review';

/** POST /api/cms/matches/{id}/events/{eventId}/review: confirm or cancel an entry under review. */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, reviewBody);
	if (!call.ok) return call.response;
	const eventId = parseDbId(context.params.eventId);
	if (eventId === null) return badPathId('eventId');
	const { actor } = call.actor;
	return idempotentScoring(context.request, actor, call.body, (claim) =>
		resolveReview(actor, call.id, eventId, call.body, claim),
	);
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
