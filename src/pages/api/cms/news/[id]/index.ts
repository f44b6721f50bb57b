import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';
import { newsBody, newsResponse } from '~/server/news/http';
import { getArticle, updateArticle } from '~/server/news/store';
import { articleInput } from '~/server/news/validate';

/** GET /api/cms/news/{id}: one article with every version. */
export const GET: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'news.edit');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const article = await getArticle(id);
	if (!article) return json(404, { error: 'not_found', message: 'No such article' });
	return json(200, { data: article });
};

/** PUT /api/cms/news/{id}: replaces its content (its state stays), audited. */
export const PUT: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'news.edit');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const body = await newsBody(request, articleInput);
	if (!body.ok) return body.response;
	return newsResponse(await updateArticle(id, body.data, actor.actor));
};

export const ALL: APIRoute = () => methodNotAllowed('GET, PUT');
