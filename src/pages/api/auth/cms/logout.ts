import type { APIRoute } from 'astro';
import { logout } from '~/server/auth/account';
import { isCrossSite, json, methodNotAllowed } from '~/server/auth/http';
import { clearCookies } from '~/server/auth/responses';

/** POST /api/auth/cms/logout: ends the CMS session only (the site session is untouched). */
export const POST: APIRoute = async ({ request, locals }) => {
	if (isCrossSite(request, locals.origin))
		return json(403, { error: 'forbidden', message: 'Cross-site request' });
	if (locals.cms) await logout(locals.cms.session.id);
	return json(200, { data: null }, clearCookies('cms'));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
