/** The HTTP side of `/api/cms/streams`: bodies, query filters and answers for edit results. */
import { z } from 'zod';
import { STREAM_ID, STREAM_KINDS } from '~/lib/cms/stream-input';
import { json, readJson } from '../auth/http';
import { invalidFields } from './fields';
import type { EditResult } from './stream-editor';

type Schema<T> = {
	safeParse(
		value: unknown,
	):
		| { success: true; data: T }
		| { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
};

/**
 * A JSON body (the site's 16 KB limit for console calls; 413 past it) parsed with `schema`:
 * 400 naming each field by its dotted path (`translations.de.title`).
 */
export async function streamBody<T>(
	request: Request,
	schema: Schema<T>,
): Promise<{ ok: true; data: T } | { ok: false; response: Response }> {
	const body = await readJson(request);
	if (!body.ok) return body;
	const parsed = schema.safeParse(body.value);
	if (!parsed.success) return { ok: false, response: invalidFields(parsed.error.issues) };
	return { ok: true, data: parsed.data };
}

/** `?kind=&page=` of the list: an unknown kind or a bad page is 400 naming it. */
export const listQuery = z.object({
	kind: z.enum(STREAM_KINDS).optional(),
	page: z.coerce.number().int().min(1).max(10_000).default(1),
});

/** The `{id}` path segment: a stream id or null. */
export const streamIdParam = (raw: string | undefined): string | null =>
	raw && STREAM_ID.test(raw) ? raw : null;

export const badStreamId = () =>
	json(400, {
		error: 'invalid_request',
		message: 'Invalid field "id": is not a stream id',
		fields: ['id'],
	});

/** The answer for an edit: 201 when made, 200 otherwise, or the failure as it is. */
export function editResponse<T>(result: EditResult<T>): Response {
	if (result.ok) return json(result.created ? 201 : 200, { data: result.value });
	const { ok: _ok, status, ...body } = result;
	return json(status, body);
}
