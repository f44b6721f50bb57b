import { z } from 'zod';
import { FOLLOW_KINDS, type Follow, MAX_FOLLOWS } from '~/lib/follows';
import { MAX_DB_ID, parseDbId } from '~/lib/input';
import { json } from '../auth/http';

/** One follow as the API accepts it: the same rule as `isFollow` in lib/follows. */
export const followSchema = z.object({
	kind: z.enum(FOLLOW_KINDS),
	id: z.number().int().min(1).max(MAX_DB_ID),
});
export const followListSchema = z.array(followSchema).max(MAX_FOLLOWS);

/** Bodies of PUT and POST /api/me/follows. */
export const followsBody = z.object({ follows: followListSchema });

/** 400 naming the query parameter, the house's answer to bad input. */
function badParam(name: string, problem: string): Response {
	return json(400, {
		error: 'invalid_request',
		message: `Invalid parameter "${name}": ${problem}`,
		fields: [name],
	});
}

/** `?kind=team&id=7` (DELETE /api/me/follows). */
export function parseFollowQuery(query: URLSearchParams): Follow | Response {
	const kind = query.get('kind') ?? '';
	if (!(FOLLOW_KINDS as readonly string[]).includes(kind))
		return badParam('kind', `must be one of ${FOLLOW_KINDS.join(', ')}`);
	const id = parseDbId(query.get('id'));
	if (id === null) return badParam('id', 'must be a positive integer id');
	return followSchema.parse({ kind, id });
}

/** `?f=team:7,competition:2,match:90` (GET /api/follows/matches). */
export function parseFollowParam(query: URLSearchParams): Follow[] | Response {
	const raw = query.get('f') ?? '';
	if (raw === '') return [];
	const parts = raw.split(',');
	if (parts.length > MAX_FOLLOWS) return badParam('f', `at most ${MAX_FOLLOWS} follows`);
	const list: Follow[] = [];
	for (const part of parts) {
		const [kind, id] = part.split(':');
		const parsedId = parseDbId(id);
		if (!(FOLLOW_KINDS as readonly string[]).includes(kind ?? '') || parsedId === null)
			return badParam('f', 'each item must be kind:id, kind one of team, competition, match');
		list.push({ kind: kind as Follow['kind'], id: parsedId });
	}
	return list;
}
