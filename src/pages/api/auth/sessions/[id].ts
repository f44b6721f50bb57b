import type { APIRoute } from 'astro';
import { text } from '~/lib/input-schema';
import { requireCaller } from '~/server/auth/guard';
import { json } from '~/server/auth/http';
import { revokeOwnSession } from '~/server/auth/sessions';

const sessionId = text(100);

/** DELETE /api/auth/sessions/{id}: ends one of the caller's sessions (404 if not theirs). */
export const DELETE: APIRoute = async ({ request, locals, params }) => {
	const caller = requireCaller(request, locals);
	if (caller instanceof Response) return caller;
	const id = sessionId.safeParse(params['id'] ?? '');
	if (!id.success) {
		const problem = id.error.issues[0]?.message ?? 'is invalid';
		return json(400, {
			error: 'invalid_request',
			message: `Invalid parameter "id": ${problem}`,
			fields: ['id'],
		});
	}
	const done = await revokeOwnSession(caller.user.id, id.data);
	return done
		? json(200, { data: null })
		: json(404, { error: 'not_found', message: 'No such session' });
};
