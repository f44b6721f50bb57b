import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { resetTotp, totpResetResponse } from '~/server/cms/totp-reset';

/** DELETE /api/cms/staff/{id}/totp: an admin turns off another staff member's TOTP (audited). */
export const DELETE: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'staff.manage');
	if (!actor.ok) return actor.response;
	const id = z.uuid().safeParse(params.id);
	if (!id.success)
		return json(400, {
			error: 'invalid_request',
			message: 'Invalid field "id": must be a user id',
			fields: ['id'],
		});
	return totpResetResponse(await resetTotp(actor.actor, id.data));
};

export const ALL: APIRoute = () => methodNotAllowed('DELETE');
