import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { json, methodNotAllowed, readJson } from '~/server/auth/http';
import {
	assignBody,
	assignedScorers,
	assignResponse,
	assignScorer,
} from '~/server/cms/assignments';
import { invalidFields } from '~/server/cms/fields';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';

/** GET /api/cms/matches/{id}/scorers: the scorers assigned to the match (admins). */
export const GET: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'staff.manage');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	return json(200, { data: await assignedScorers(id) });
};

/** POST /api/cms/matches/{id}/scorers `{ email }`: assign a scorer (audited `match.assign`). */
export const POST: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'staff.manage');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const body = await readJson(request);
	if (!body.ok) return body.response;
	const parsed = assignBody.safeParse(body.value);
	if (!parsed.success) return invalidFields(parsed.error.issues);
	return assignResponse(await assignScorer(actor.actor, id, parsed.data.email));
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
