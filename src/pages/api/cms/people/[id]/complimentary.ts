import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { grantBody, grantComplimentary } from '~/server/cms/people';
import { peopleCall, peopleResponse } from '~/server/cms/people-http';

/** POST /api/cms/people/{id}/complimentary `{ planId, until }`: a free plan until a date (audited). */
export const POST: APIRoute = async (context) => {
	const call = await peopleCall(context, grantBody);
	if (!call.ok) return call.response;
	return peopleResponse(await grantComplimentary(call.actor, call.id, call.body), 201);
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
