import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { consoleCall, scoringResponse } from '~/server/cms/http';
import { eventBody, recordEvent } from '~/server/cms/scoring';

/** POST /api/cms/matches/{id}/events: a goal, card, substitution… (docs/cms.md). */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, eventBody);
	if (!call.ok) return call.response;
	return scoringResponse(await recordEvent(call.actor.actor, call.id, call.body));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
