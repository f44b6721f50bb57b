import type { APIRoute } from 'astro';
import { requestMeta } from '~/server/auth/http';
import { login } from '~/server/auth/login';
import { failureResponse, grantResponse, parseBody } from '~/server/auth/responses';
import { cmsLoginBody } from '~/server/auth/schemas';

/**
 * POST /api/auth/cms/login: as /api/auth/login, for staff accounts (admin, editor, scorer), 5
 * failures per 15 min per client and per account; `code` carries the TOTP (or a recovery)
 * code of an enrolled account, and is what lets its owner into a locked account (login.ts).
 */
export const POST: APIRoute = async ({ request, clientAddress }) => {
	const body = await parseBody(request, cmsLoginBody);
	if (!body.ok) return body.response;
	const result = await login({ ...body.data, kind: 'cms', ...requestMeta(request, clientAddress) });
	return result.ok ? grantResponse(result.grant) : failureResponse(result);
};
