import type { APIRoute } from 'astro';
import { json, requestMeta } from '~/server/auth/http';
import { register } from '~/server/auth/register';
import { failureResponse, parseBody } from '~/server/auth/responses';
import { registerBody } from '~/server/auth/schemas';

/** POST /api/auth/register: 202 "check your e-mail", the same for a new or a taken address. */
export const POST: APIRoute = async ({ request, clientAddress, locals }) => {
	const body = await parseBody(request, registerBody);
	if (!body.ok) return body.response;
	const { locale = locals.locale, ...input } = body.data;
	const result = await register({ ...input, locale, ip: requestMeta(request, clientAddress).ip });
	if (!result.ok) return failureResponse(result);
	return json(202, { data: { status: 'check_email' }, message: 'Check your e-mail to continue.' });
};
