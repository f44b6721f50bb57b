import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { json, methodNotAllowed, readJson } from '~/server/auth/http';
import { invalidFields } from '~/server/cms/fields';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';
import {
	attachableStreams,
	attachStream,
	streamChangeResponse,
	streamRef,
	streamsOnMatch,
} from '~/server/cms/streams';

/** GET /api/cms/matches/{id}/streams: the match's streams and those that may be attached. */
export const GET: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	return json(200, {
		data: { attached: await streamsOnMatch(id), available: await attachableStreams() },
	});
};

/** POST /api/cms/matches/{id}/streams `{ streamId }`: attach a live stream or highlight. */
export const POST: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const body = await readJson(request);
	if (!body.ok) return body.response;
	const parsed = streamRef.safeParse(body.value);
	if (!parsed.success) return invalidFields(parsed.error.issues);
	return streamChangeResponse(await attachStream(actor.actor, id, parsed.data.streamId));
};

export const ALL: APIRoute = () => methodNotAllowed('GET, POST');
