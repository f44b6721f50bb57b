import { json } from '../auth/http';
import { parseBody } from '../auth/responses';
import { type Actor, staffActor } from './guard';
import { parseUserId, type PeopleResult, peopleQuery } from './people';

type Context = {
	request: Request;
	url: URL;
	params: Record<string, string | undefined>;
	locals: Parameters<typeof staffActor>[1];
};

/**
 * The start of every `/api/cms/people/*` call: an admin (people.manage), the user id from
 * the path (400 naming `id` unless a UUID), then the body against its schema.
 */
export async function peopleCall<T>(
	context: Context,
	schema?: Parameters<typeof parseBody<T>>[1],
): Promise<{ ok: true; actor: Actor; id: string; body: T } | { ok: false; response: Response }> {
	const who = staffActor(context.request, context.locals, 'people.manage');
	if (!who.ok) return who;
	const id = parseUserId(context.params['id']);
	if (!id)
		return {
			ok: false,
			response: json(400, {
				error: 'invalid_request',
				message: 'Invalid field "id": must be a user id (UUID)',
				fields: ['id'],
			}),
		};
	if (!schema) return { ok: true, actor: who.actor, id, body: undefined as T };
	const body = await parseBody(context.request, schema);
	if (!body.ok) return body;
	return { ok: true, actor: who.actor, id, body: body.data };
}

/** The search's query string, or the 400 naming the field. */
export function searchParams(url: URL) {
	const parsed = peopleQuery.safeParse({
		q: url.searchParams.get('q') ?? undefined,
		page: url.searchParams.get('page') ?? undefined,
	});
	if (parsed.success) return { ok: true as const, query: parsed.data };
	const field = String(parsed.error.issues[0]?.path[0] ?? 'q');
	return {
		ok: false as const,
		response: json(400, {
			error: 'invalid_request',
			message: `Invalid field "${field}"`,
			fields: [field],
		}),
	};
}

export function peopleResponse(result: PeopleResult, status = 200): Response {
	if (result.ok) {
		const { ok: _ok, ...data } = result;
		return json(status, { data });
	}
	const { ok: _ok, status: code, ...body } = result;
	return json(code, body);
}
