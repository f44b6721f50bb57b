import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { newsBody, newsResponse } from '~/server/news/http';
import { createArticle, listArticles } from '~/server/news/store';
import { articleInput, NEWS_STATES } from '~/server/news/validate';
import { z } from 'zod';

const stateFilter = z.enum(NEWS_STATES).optional();

/** GET /api/cms/news?state=: the console's list (newest change first). */
export const GET: APIRoute = async ({ request, locals, url }) => {
	const actor = staffActor(request, locals, 'news.edit');
	if (!actor.ok) return actor.response;
	const state = stateFilter.safeParse(url.searchParams.get('state') || undefined);
	if (!state.success)
		return json(400, {
			error: 'invalid_request',
			message: 'Invalid field "state"',
			fields: ['state'],
		});
	return json(200, { data: await listArticles(state.data) });
};

/** POST /api/cms/news: a new draft (201), audited. */
export const POST: APIRoute = async ({ request, locals }) => {
	const actor = staffActor(request, locals, 'news.edit');
	if (!actor.ok) return actor.response;
	const body = await newsBody(request, articleInput);
	if (!body.ok) return body.response;
	return newsResponse(await createArticle(body.data, actor.actor), 201);
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
