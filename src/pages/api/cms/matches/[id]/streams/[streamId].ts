import type { APIRoute } from 'astro';
import { parseDbId } from '~/lib/input';
import { methodNotAllowed } from '~/server/auth/http';
import { invalidFields } from '~/server/cms/fields';
import { staffActor } from '~/server/cms/guard';
import { badPathId } from '~/server/cms/http';
import { detachStream, streamChangeResponse, streamRef } from '~/server/cms/streams';

/** DELETE /api/cms/matches/{id}/streams/{streamId}: take the stream off the match. */
export const DELETE: APIRoute = async ({ request, params, locals }) => {
	const actor = staffActor(request, locals, 'streams.edit');
	if (!actor.ok) return actor.response;
	const id = parseDbId(params.id);
	if (id === null) return badPathId('id');
	const ref = streamRef.safeParse({ streamId: params.streamId });
	if (!ref.success) return invalidFields(ref.error.issues);
	return streamChangeResponse(await detachStream(actor.actor, id, ref.data.streamId), 200);
};

export const ALL: APIRoute = () => methodNotAllowed('DELETE');
