import type { APIRoute } from 'astro';
import { requireCaller } from '~/server/auth/guard';
import { json } from '~/server/auth/http';
import { revokeOwnSession } from '~/server/auth/sessions';

/** DELETE /api/auth/sessions/{id}: ends one of the caller's sessions (404 if not theirs). */
export const DELETE: APIRoute = async ({ request, locals, params }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const done = await revokeOwnSession(caller.user.id, String(params['id'] ?? '').slice(0, 100));
	return done
		? json(200, { data: null })
		: json(404, { error: 'not_found', message: 'No such session' });
};
