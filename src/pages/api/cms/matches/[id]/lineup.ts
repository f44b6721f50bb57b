import type { APIRoute } from 'astro';
import { lineupBody } from '~/lib/cms/lineup';
import { parseDbId } from '~/lib/input';
import { json, methodNotAllowed, readJson } from '~/server/auth/http';
import { invalidFields } from '~/server/cms/fields';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';
import { lineupEditorView, publishLineup } from '~/server/cms/lineups';

/** GET /api/cms/matches/{id}/lineup: both squads and the published line-ups (docs/cms.md). */
export const GET: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'lineup.publish');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const view = await lineupEditorView(id);
	if (!view) return json(404, { error: 'not_found', message: 'No such match' });
	return json(200, { data: view });
};

/** POST /api/cms/matches/{id}/lineup: publish one or both sides through the live path. */
export const POST: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'lineup.publish');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const body = await readJson(request);
	if (!body.ok) return body.response;
	const parsed = lineupBody.safeParse(body.value);
	if (!parsed.success) return invalidFields(parsed.error.issues);
	const result = await publishLineup(actor.actor, id, parsed.data);
	if (!result.ok) {
		const { ok: _ok, status, ...rest } = result;
		return json(status, rest);
	}
	const { ok: _ok, ...data } = result;
	return json(201, { data });
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
