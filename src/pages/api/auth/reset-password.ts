import type { APIRoute } from 'astro';
import { json, requestMeta } from '~/server/auth/http';
import { resetPassword } from '~/server/auth/reset';
import { clearCookies, failureResponse, parseBody } from '~/server/auth/responses';
import { resetBody } from '~/server/auth/schemas';

/** POST /api/auth/reset-password: `{ token, password }`; every session ends on success. */
export const POST: APIRoute = async ({ request, clientAddress }) => {
	const body = await parseBody(request, resetBody);
	if (!body.ok) return body.response;
	const result = await resetPassword({ ...body.data, ip: requestMeta(request, clientAddress).ip });
	if (!result.ok) return failureResponse(result);
	return json(200, { data: { status: 'password_reset' } }, clearCookies('web'));
};
