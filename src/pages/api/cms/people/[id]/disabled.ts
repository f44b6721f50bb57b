import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { disableBody, setPersonDisabled } from '~/server/cms/people';
import { peopleCall, peopleResponse } from '~/server/cms/people-http';

/** PUT /api/cms/people/{id}/disabled `{ disabled }`: disable (sessions end) or enable (audited). */
export const PUT: APIRoute = async (context) => {
	const call = await peopleCall(context, disableBody);
	if (!call.ok) return call.response;
	return peopleResponse(await setPersonDisabled(call.actor, call.id, call.body.disabled));
};

export const ALL: APIRoute = () => methodNotAllowed('PUT');
