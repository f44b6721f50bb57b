import type { APIRoute } from 'astro';
import { logout } from '~/server/auth/account';
import { isCrossSite, json, methodNotAllowed } from '~/server/auth/http';
import { clearCookies } from '~/server/auth/responses';

/** POST /api/auth/logout: ends this session and clears the cookies (always 200). */
export const POST: APIRoute = async ({ request, locals }) => {
	const bearer = request.headers.has('authorization');
	if (!bearer && isCrossSite(request, locals.origin))
		return json(403, { error: 'forbidden', message: 'Cross-site request' });
	if (locals.session) await logout(locals.session.id);
	return json(200, { data: null }, clearCookies('web'));
};

/** A GET (a link, an image tag) must never log anyone out. */
export const ALL: APIRoute = () => methodNotAllowed('POST');
