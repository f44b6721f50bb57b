import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { json } from '~/server/auth/http';
import { parseBody } from '~/server/auth/responses';
import {
	addFollows,
	describeFollows,
	listFollows,
	removeFollow,
	replaceFollows,
} from '~/server/follows/follows';
import { followsBody, parseFollowQuery } from '~/server/follows/http';

/** GET /api/me/follows: the caller's follows in their order, with names and addresses. */
export const GET: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const list = await listFollows(caller.user.id);
	return json(200, { data: { follows: await describeFollows(list) } });
};

/** PUT /api/me/follows `{ follows: [{ kind, id }] }`: the whole list, in order. */
export const PUT: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, followsBody);
	if (!body.ok) return body.response;
	const saved = await replaceFollows(caller.user.id, body.data.follows);
	return json(200, {
		data: { follows: await describeFollows(saved.follows), ignored: saved.ignored },
	});
};

/** POST /api/me/follows `{ follows: [...] }`: adds (a star click, a guest's list at login). */
export const POST: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, followsBody);
	if (!body.ok) return body.response;
	const saved = await addFollows(caller.user.id, body.data.follows);
	return json(200, {
		data: { follows: await describeFollows(saved.follows), ignored: saved.ignored },
	});
};

/** DELETE /api/me/follows?kind=team&id=7: 404 when the caller did not follow it. */
export const DELETE: APIRoute = async ({ request, locals, url }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const follow = parseFollowQuery(url.searchParams);
	if (follow instanceof Response) return follow;
	return (await removeFollow(caller.user.id, follow))
		? json(200, { data: null })
		: json(404, { error: 'not_found', message: 'Not followed' });
};
