import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';
import { consoleMatch, mayScore } from '~/server/cms/scoring';

/** GET /api/cms/matches/{id}: the console's view (state, timeline with log ids, lease). */
export const GET: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals);
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	if (!(await mayScore(actor.actor, id)))
		return json(403, { error: 'forbidden', message: 'You may not score this match' });
	const view = await consoleMatch(id);
	if (!view) return json(404, { error: 'not_found', message: 'No such match' });
	return json(200, { data: view });
};

export const ALL: APIRoute = () => methodNotAllowed('GET');
