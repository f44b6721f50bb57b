import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { consoleCall, scoringResponse } from '~/server/cms/http';
import { leaseBody, takeLease } from '~/server/cms/scoring';

/** POST /api/cms/matches/{id}/lease: hold the match (renewal), or take it over (audited). */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, leaseBody);
	if (!call.ok) return call.response;
	const result = await takeLease(call.actor.actor, call.id, call.body.takeover === true);
	return result.ok ? json(200, { data: result.lease }) : scoringResponse(result);
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
