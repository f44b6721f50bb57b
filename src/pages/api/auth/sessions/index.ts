import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { json } from '~/server/auth/http';
import { listSessions } from '~/server/auth/sessions';

/** GET /api/auth/sessions: the caller's live sessions (the current one flagged). */
export const GET: APIRoute = async ({ request, locals }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	return json(200, { data: await listSessions(caller.user.id, caller.session.id) });
};
