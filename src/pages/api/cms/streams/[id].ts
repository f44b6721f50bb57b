import type { APIRoute } from 'astro';
import { streamFields } from '~/lib/cms/stream-input';
import { json, methodNotAllowed } from '~/server/auth/http';
import { staffActor } from '~/server/cms/guard';
import { deleteStream, getEditedStream, updateStream } from '~/server/cms/stream-editor';
import { badStreamId, editResponse, streamBody, streamIdParam } from '~/server/cms/stream-http';

/** GET /api/cms/streams/{id}: one stream with every translation. */
export const GET: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const id = streamIdParam(params.id);
	if (!id) return badStreamId();
	const stream = await getEditedStream(id);
	return stream
		? json(200, { data: stream })
		: json(404, { error: 'not_found', message: 'No such stream' });
};

/** PUT /api/cms/streams/{id}: replace its fields, audited as `stream.update` (before/after). */
export const PUT: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const id = streamIdParam(params.id);
	if (!id) return badStreamId();
	const body = await streamBody(request, streamFields);
	if (!body.ok) return body.response;
	return editResponse(await updateStream(actor.actor, id, body.data));
};

/** DELETE /api/cms/streams/{id}: only a stream nothing uses (else 409 `in_use`). */
export const DELETE: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const id = streamIdParam(params.id);
	if (!id) return badStreamId();
	return editResponse(await deleteStream(actor.actor, id));
};

export const ALL: APIRoute = () => methodNotAllowed('GET, PUT, DELETE');
