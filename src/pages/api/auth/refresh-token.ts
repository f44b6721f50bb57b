import type { APIRoute } from 'astro';
import { cookieNames, readCookie } from '~/server/auth/cookies';
import { isCrossSite, rateLimited, requestMeta, unauthorized } from '~/server/auth/http';
import { limits } from '~/server/auth/rate-limit';
import { refresh } from '~/server/auth/refresh';
import {
	clearCookies,
	cookieGrantResponse,
	grantResponse,
	parseBody,
} from '~/server/auth/responses';
import { refreshBody } from '~/server/auth/schemas';

/**
 * POST /api/auth/refresh-token: `{ refresh_token }` → new tokens in the login shape. Without
 * a body token the httpOnly refresh cookie is used, and the new tokens stay in cookies.
 */
export const POST: APIRoute = async ({ request, clientAddress, locals }) => {
	const body = await parseBody(request, refreshBody);
	if (!body.ok) return body.response;
	const limit = limits.refreshPerClient.hit(requestMeta(request, clientAddress).ip);
	if (!limit.ok) return rateLimited(limit.retryAfter);
	const fromBody = body.data.refresh_token;
	if (!fromBody && isCrossSite(request, locals.origin)) return unauthorized();
	const token = fromBody ?? readCookie(request.headers.get('cookie'), cookieNames('web').refresh);
	const grant = token ? await refresh(token) : null;
	if (!grant) {
		const response = unauthorized();
		if (!fromBody) for (const c of clearCookies('web')) response.headers.append('Set-Cookie', c);
		return response;
	}
	return fromBody ? grantResponse(grant) : cookieGrantResponse(grant);
};
