import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json, methodNotAllowed, requestMeta } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { readTotpResetBody, resetTotp, totpResetResponse } from '~/server/cms/totp-reset';

/**
 * DELETE /api/cms/staff/{id}/totp `{ code }`: an admin turns off another staff member's
 * TOTP (audited), proving it is them with their own current code or a recovery code.
 */
export const DELETE: APIRoute = async ({ request, params, locals, clientAddress }) => {
	const actor = staffActor(request, locals, 'staff.manage');
	if (!actor.ok) return actor.response;
	const id = z.uuid().safeParse(params.id);
	if (!id.success)
		return json(400, {
			error: 'invalid_request',
			message: 'Invalid field "id": must be a user id',
			fields: ['id'],
		});
	const body = await readTotpResetBody(request);
	if (!body.ok) return body.response;
	const { ip } = requestMeta(request, clientAddress);
	return totpResetResponse(await resetTotp(actor.actor, id.data, { code: body.code, ip }));
};

export const ALL: APIRoute = () => methodNotAllowed('DELETE');
