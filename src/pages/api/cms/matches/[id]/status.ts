import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { consoleCall, idempotentScoring } from '~/server/cms/http';
import { recordStatus, statusBody } from '~/server/cms/scoring';

/**
 * POST /api/cms/matches/{id}/status: kick-off, half time, full time… (docs/cms.md), as the
 * match's state machine allows; idempotent under an `Idempotency-Key`.
 */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, statusBody);
	if (!call.ok) return call.response;
	const { actor } = call.actor;
	return idempotentScoring(context.request, actor, call.body, (claim) =>
		recordStatus(actor, call.id, call.body, claim),
	);
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
