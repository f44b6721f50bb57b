import { parseDbId } from '~/lib/input';
import { json } from '../auth/http';
import { parseBody } from '../auth/responses';
import { type Actor, type ActorResult, staffActor } from './guard';
import { type IdempotencyClaim, idempotent, readClaim } from '../http/idempotency';
import type { CmsAction } from '~/lib/cms/roles';
import type { ScoringResult } from './scoring';

/** The answer to a scoring action: 201 with the new match version, or the failure. */
export function scoringResponse(result: ScoringResult): Response {
	if (result.ok) {
		const { ok: _ok, ...data } = result;
		return json(201, { data });
	}
	const { ok: _ok, status, ...body } = result;
	return json(status, body);
}

/**
 * Runs a scoring action under the request's Idempotency-Key: a repeat of a key gets the
 * first answer again and changes nothing (idempotency.ts).
 */
export async function idempotentScoring(
	request: Request,
	actor: Actor,
	body: unknown,
	run: (claim: IdempotencyClaim | null) => Promise<ScoringResult>,
): Promise<Response> {
	const claim = readClaim(request, actor, body);
	if (!claim.ok) return claim.response;
	return idempotent(claim.claim, async () => scoringResponse(await run(claim.claim)));
}

export function badPathId(name: string): Response {
	return json(400, {
		error: 'invalid_request',
		message: `Invalid field "${name}": must be a positive integer id`,
		fields: [name],
	});
}

type Parsed<T> = { ok: true; id: number; actor: ActorResult & { ok: true }; body: T };

/**
 * The common start of a console call: who (and may they), which match (400 naming `id`),
 * then the body against its schema (400 naming the field). An empty body is `{}`, so a
 * DELETE may come without one.
 */
export async function consoleCall<T>(
	context: {
		request: Request;
		params: Record<string, string | undefined>;
		locals: Parameters<typeof staffActor>[1];
	},
	schema: Parameters<typeof parseBody<T>>[1],
	action: CmsAction = 'console.open',
): Promise<Parsed<T> | { ok: false; response: Response }> {
	const actor = staffActor(context.request, context.locals, action);
	if (!actor.ok) return actor;
	const id = parseDbId(context.params['id']);
	if (id === null) return { ok: false, response: badPathId('id') };
	const empty =
		!context.request.headers.get('content-type') &&
		(context.request.headers.get('content-length') ?? '0') === '0';
	if (empty) {
		const parsed = schema.safeParse({});
		if (parsed.success) return { ok: true, id, actor, body: parsed.data };
	}
	const body = await parseBody(context.request, schema);
	if (!body.ok) return body;
	return { ok: true, id, actor, body: body.data };
}
