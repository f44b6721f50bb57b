import type { APIRoute } from 'astro';
import { z } from 'zod';
import { parseDbId } from '~/lib/input';
import { json, methodNotAllowed } from '~/server/auth/http';
import { assignResponse, unassignScorer } from '~/server/cms/assignments';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';

/** DELETE /api/cms/matches/{id}/scorers/{userId}: remove an assignment (audited `match.unassign`). */
export const DELETE: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'staff.manage');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const userId = z.uuid().safeParse(params.userId);
	if (!userId.success)
		return json(400, {
			error: 'invalid_request',
			message: 'Invalid field "userId": must be a user id',
			fields: ['userId'],
		});
	return assignResponse(await unassignScorer(actor.actor, id, userId.data), 200);
};

export const ALL: APIRoute = () => methodNotAllowed('DELETE');
