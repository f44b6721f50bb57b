import type { APIRoute } from 'astro';
import { deleteAccount, updateProfile } from '~/server/auth/account';
import { requireCaller } from '~/server/auth/guard';
import { json, unauthorized } from '~/server/auth/http';
import { clearCookies, failureResponse, parseBody } from '~/server/auth/responses';
import { deleteBody, profileBody } from '~/server/auth/schemas';

/** GET /api/me (Bearer or cookie): `{ data: user }`. Query-string tokens are ignored. */
export const GET: APIRoute = ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	return caller instanceof Response ? caller : json(200, { data: caller.user });
};

/** PATCH /api/me `{ name }`: only the name can be changed; other fields are ignored. */
export const PATCH: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, profileBody);
	if (!body.ok) return body.response;
	const user = await updateProfile(caller.user.id, body.data.name);
	return user ? json(200, { data: user }) : unauthorized();
};

/** DELETE /api/me `{ password }`: deletes the account after a password check. */
export const DELETE: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, deleteBody);
	if (!body.ok) return body.response;
	const result = await deleteAccount(caller.user.id, body.data.password);
	return result.ok ? json(200, { data: null }, clearCookies('web')) : failureResponse(result);
};
