import type { APIRoute } from 'astro';
import { methodNotAllowed } from '~/server/auth/http';
import { consoleCall, idempotentScoring } from '~/server/cms/http';
import { correctResult, resultBody } from '~/server/cms/result-correction';

/**
 * POST /api/cms/matches/{id}/result `{ score, status?, reason }`: an editor corrects the result
 * of a match that is over (audited with the reason); idempotent under an `Idempotency-Key`.
 */
export const POST: APIRoute = async (context) => {
	const call = await consoleCall(context, resultBody, 'match.correct');
	if (!call.ok) return call.response;
	const { actor } = call.actor;
	return idempotentScoring(context.request, actor, call.body, (claim) =>
		correctResult(actor, call.id, call.body, claim),
	);
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
