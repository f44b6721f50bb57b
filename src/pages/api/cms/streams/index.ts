import type { APIRoute } from 'astro';
import { newStream } from '~/lib/cms/stream-input';
import { json, methodNotAllowed } from '~/server/auth/http';
import { invalidFields } from '~/server/cms/fields';
import { staffActor } from '~/server/cms/guard';
import { createStream, listEditedStreams } from '~/server/cms/stream-editor';
import { editResponse, listQuery, streamBody } from '~/server/cms/stream-http';

/** GET /api/cms/streams?kind=&page=: the catalogue, 25 a page. */
export const GET: APIRoute = async ({ request, url, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const query = listQuery.safeParse(Object.fromEntries(url.searchParams));
	if (!query.success) return invalidFields(query.error.issues);
	return json(200, await listEditedStreams(query.data.kind, query.data.page));
};

/** POST /api/cms/streams: a new stream (201), audited as `stream.create`. */
export const POST: APIRoute = async ({ request, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const body = await streamBody(request, newStream);
	if (!body.ok) return body.response;
	return editResponse(await createStream(actor.actor, body.data));
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
