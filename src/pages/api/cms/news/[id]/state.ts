import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';
import { newsBody, newsResponse } from '~/server/news/http';
import { changeState } from '~/server/news/store';
import { stateInput } from '~/server/news/validate';

/** POST /api/cms/news/{id}/state: publish, schedule (`publishAt`) or unpublish; audited. */
export const POST: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'news.edit');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const body = await newsBody(request, stateInput);
	if (!body.ok) return body.response;
	const at = body.data.publishAt ? new Date(body.data.publishAt) : undefined;
	return newsResponse(await changeState(id, body.data.action, actor.actor, at));
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
