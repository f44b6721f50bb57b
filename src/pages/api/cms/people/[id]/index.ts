import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { personDetail } from '~/server/cms/people';
import { peopleCall } from '~/server/cms/people-http';

/** GET /api/cms/people/{id}: the user, their plan, subscriptions and payments (admins). */
export const GET: APIRoute = async (context) => {
	const call = await peopleCall(context);
	if (!call.ok) return call.response;
	const person = await personDetail(call.id);
	return person
		? json(200, { data: person })
		: json(404, { error: 'not_found', message: 'No such user' });
};

export const ALL: APIRoute = () => methodNotAllowed('GET');
