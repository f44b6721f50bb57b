import type { APIRoute } from 'astro';
import { json, requestMeta } from '~/server/auth/http';
import { requestPasswordReset } from '~/server/auth/reset';
import { failureResponse, parseBody } from '~/server/auth/responses';
import { forgotBody } from '~/server/auth/schemas';

/** POST /api/auth/forgot-password: 202 whether or not the address is registered. */
export const POST: APIRoute = async ({ request, clientAddress, locals }) => {
	const body = await parseBody(request, forgotBody);
	if (!body.ok) return body.response;
	const { email, locale = locals.locale } = body.data;
	const result = await requestPasswordReset({
		email,
		locale,
		ip: requestMeta(request, clientAddress).ip,
	});
	if (!result.ok) return failureResponse(result);
	return json(202, {
		data: { status: 'check_email' },
		message: 'If that address is registered, a reset link is on its way.',
	});
};
