import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { consoleCall, scoringResponse } from '~/server/cms/http';
import { recordStatus, statusBody } from '~/server/cms/scoring';

/** POST /api/cms/matches/{id}/status: kick-off, half time, full time… (docs/cms.md). */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, statusBody);
	if (!call.ok) return call.response;
	return scoringResponse(await recordStatus(call.actor.actor, call.id, call.body));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
