import type { APIRoute } from 'astro';
import { logoutCms } from '~/server/auth/account';
import { bearerToken } from '~/server/auth/authenticate';
import { isCrossSite, json, methodNotAllowed } from '~/server/auth/http';
import { clearCookies } from '~/server/auth/responses';

/**
 * POST /api/auth/cms/logout: ends the console session server-side, its access and refresh
 * tokens alike (the site session is untouched). A Bearer header cannot be sent cross-site
 * without CORS, so only the cookie form needs the same-site check.
 */
export const POST: APIRoute = async ({ request, locals }) => {
	const bearer = bearerToken(request.headers.get('authorization'));
	if (!bearer && isCrossSite(request, locals.origin))
		return json(403, { error: 'forbidden', message: 'Cross-site request' });
	await logoutCms({
		bearerSession: bearer ? locals.session : null,
		cookieHeader: request.headers.get('cookie'),
	});
	return json(200, { data: null }, clearCookies('cms'));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
