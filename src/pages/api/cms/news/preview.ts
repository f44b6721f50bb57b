import type { APIRoute } from 'astro';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { newsBody } from '~/server/news/http';
import { renderMarkdown } from '~/server/news/markdown';
import { previewInput } from '~/server/news/validate';

/** POST /api/cms/news/preview: the sanitised HTML a Markdown body will show as. */
export const POST: APIRoute = async ({ request, locals }) => {
	const actor = staffActor(request, locals, 'news.edit');
	if (!actor.ok) return actor.response;
	const body = await newsBody(request, previewInput);
	if (!body.ok) return body.response;
	return json(200, { data: { html: renderMarkdown(body.data.markdown) } });
};

export const ALL: APIRoute = () => methodNotAllowed('POST');
