import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { revokePersonSessions } from '~/server/cms/people';
import { peopleCall, peopleResponse } from '~/server/cms/people-http';

/** DELETE /api/cms/people/{id}/sessions: ends every session of the user (audited). */
export const DELETE: APIRoute = async (context) => {
	const call = await peopleCall(context);
	if (!call.ok) return call.response;
	return peopleResponse(await revokePersonSessions(call.actor, call.id));
};

export const ALL: APIRoute = () => methodNotAllowed('DELETE');
