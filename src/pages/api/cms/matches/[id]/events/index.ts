import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { consoleCall, idempotentScoring } from '~/server/cms/http';
import { eventBody, recordEvent } from '~/server/cms/scoring';

/**
 * POST /api/cms/matches/{id}/events: a goal, card, substitution… (docs/cms.md), only while
 * the match is in play; idempotent under an `Idempotency-Key`.
 */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, eventBody);
	if (!call.ok) return call.response;
	const { actor } = call.actor;
	return idempotentScoring(context.request, actor, call.body, (claim) =>
		recordEvent(actor, call.id, call.body, claim),
	);
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
