import type { APIRoute } from 'astro';
import { logoutEverywhere } from '~/server/auth/account';
import { requireCaller } from '~/server/auth/guard';
import { json, methodNotAllowed } from '~/server/auth/http';
import { clearCookies } from '~/server/auth/responses';

/** POST /api/auth/logout-all: ends every session of the caller, this one included. */
export const POST: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	await logoutEverywhere(caller.user.id);
	return json(200, { data: null }, clearCookies('web'));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
