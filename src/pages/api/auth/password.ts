import type { APIRoute } from 'astro';
import { changePassword } from '~/server/auth/account';
import { requireCaller } from '~/server/auth/guard';
import { requestMeta } from '~/server/auth/http';
import { failureResponse, grantResponse, parseBody } from '~/server/auth/responses';
import { passwordBody } from '~/server/auth/schemas';

/**
 * POST /api/auth/password `{ current_password, new_password }`: every other session ends;
 * this client gets fresh tokens in the login shape.
 */
export const POST: APIRoute = async ({ request, locals, clientAddress }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const body = await parseBody(request, passwordBody);
	if (!body.ok) return body.response;
	const { ip, userAgent } = requestMeta(request, clientAddress);
	const result = await changePassword({
		userId: caller.user.id,
		kind: caller.session.kind,
		current: body.data.current_password,
		next: body.data.new_password,
		ip,
		userAgent,
	});
	return result.ok ? grantResponse(result.grant) : failureResponse(result);
};
