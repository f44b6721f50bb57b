import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { json } from '../auth/http';
import { getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { changed } from '../streams/match-streams';
import { writeAudit } from './audit';
import type { Actor } from './guard';
import { can } from '~/lib/cms/roles';

/** Only these kinds belong to a match: the picture of the match, or its highlights. */
export const ATTACHABLE_KINDS = ['live', 'highlight'] as const;

export const streamRef = z.strictObject({
	streamId: z.string().regex(/^[a-z0-9][a-z0-9-]{0,62}$/, 'is not a stream id'),
});

export interface ConsoleStream {
	id: string;
	kind: string;
	title: string;
	matchId: number | null;
	/** "Spain v Germany" for a stream attached to a match. */
	matchLabel: string | null;
}

interface Row {
	id: string;
	kind: string;
	title: string;
	match_id: number | null;
	home: string | null;
	away: string | null;
}

const toStream = (r: Row): ConsoleStream => ({
	id: r.id,
	kind: r.kind,
	title: r.title,
	matchId: r.match_id === null ? null : Number(r.match_id),
	matchLabel: r.home && r.away ? `${r.home} v ${r.away}` : null,
});

/**
 * The live streams and highlights an editor may attach, free ones first; each with the match
 * it is on, if any. The replay feed's per-match copies are included (an editor may move a
 * highlight) but the list is capped: the catalogue is small, this is no search.
 */
export async function attachableStreams(): Promise<ConsoleStream[]> {
	const db = await getDb();
	return rowsOf<Row>(
		await db.execute(sql`SELECT s.id, s.kind, s.title, s.match_id, h.name AS home, a.name AS away
			FROM streams s LEFT JOIN matches m ON m.id = s.match_id
			LEFT JOIN teams h ON h.id = m.home_team_id LEFT JOIN teams a ON a.id = m.away_team_id
			WHERE s.kind IN ('live', 'highlight')
			ORDER BY s.match_id IS NOT NULL, s.kind, s.position, s.id LIMIT 200`),
	).map(toStream);
}

/** The streams on one match (the match centre's watch box offers the first). */
export async function streamsOnMatch(matchId: number): Promise<ConsoleStream[]> {
	const db = await getDb();
	return rowsOf<Row>(
		await db.execute(sql`SELECT s.id, s.kind, s.title, s.match_id, NULL AS home, NULL AS away
			FROM streams s WHERE s.match_id = ${matchId} ORDER BY s.kind = 'highlight', s.position, s.id`),
	).map(toStream);
}

export type StreamChange =
	| { ok: true; changed: boolean; stream: ConsoleStream }
	| {
			ok: false;
			status: 400 | 403 | 404 | 409;
			error: string;
			message: string;
			fields?: string[];
			matchId?: number;
	  };

const forbidden = (): StreamChange => ({
	ok: false,
	status: 403,
	error: 'forbidden',
	message: 'Your role does not allow this',
});

/**
 * Attaches a live stream or highlight to a match: sets its `match_id` and writes the audit
 * row in the same transaction (row locked, so two editors cannot both move it). A stream on
 * another match is refused with 409: moving the picture away from a match someone may be
 * watching is a detach first, on purpose. Attaching what is already attached changes nothing.
 */
export async function attachStream(
	actor: Actor,
	matchId: number,
	streamId: string,
): Promise<StreamChange> {
	if (!can(actor.scope, 'streams.edit')) return forbidden();
	const db = await getDb();
	const result = await db.transaction(async (tx): Promise<StreamChange> => {
		const [match] = rowsOf<{ id: number }>(
			await tx.execute(sql`SELECT id FROM matches WHERE id = ${matchId}`),
		);
		if (!match) return { ok: false, status: 404, error: 'not_found', message: 'No such match' };
		const [row] = rowsOf<Row>(
			await tx.execute(sql`SELECT id, kind, title, match_id, NULL AS home, NULL AS away
				FROM streams WHERE id = ${streamId} FOR UPDATE`),
		);
		if (!row)
			return {
				ok: false,
				status: 404,
				error: 'not_found',
				message: 'No such stream',
				fields: ['streamId'],
			};
		if (!(ATTACHABLE_KINDS as readonly string[]).includes(row.kind))
			return {
				ok: false,
				status: 400,
				error: 'invalid_request',
				message: 'Invalid field "streamId": only a live stream or a highlight goes on a match',
				fields: ['streamId'],
			};
		const current = row.match_id === null ? null : Number(row.match_id);
		if (current === matchId) return { ok: true, changed: false, stream: toStream(row) };
		if (current !== null)
			return {
				ok: false,
				status: 409,
				error: 'attached_elsewhere',
				message: `The stream is on match ${current}; detach it there first`,
				matchId: current,
			};
		await tx.execute(sql`UPDATE streams SET match_id = ${matchId} WHERE id = ${streamId}`);
		await writeAudit(tx, {
			actor,
			action: 'match.stream.attach',
			target: `match:${matchId}`,
			before: { streamId, matchId: null },
			after: { streamId, kind: row.kind, matchId },
		});
		return { ok: true, changed: true, stream: toStream({ ...row, match_id: matchId }) };
	});
	// After COMMIT: the match's cached pages and the watch marks see it at once.
	if (result.ok && result.changed) changed(matchId);
	return result;
}

/** Takes a stream off a match (its `match_id` back to null), audited in the same transaction. */
export async function detachStream(
	actor: Actor,
	matchId: number,
	streamId: string,
): Promise<StreamChange> {
	if (!can(actor.scope, 'streams.edit')) return forbidden();
	const db = await getDb();
	const result = await db.transaction(async (tx): Promise<StreamChange> => {
		const [row] = rowsOf<Row>(
			await tx.execute(sql`SELECT id, kind, title, match_id, NULL AS home, NULL AS away
				FROM streams WHERE id = ${streamId} AND match_id = ${matchId} FOR UPDATE`),
		);
		if (!row)
			return {
				ok: false,
				status: 404,
				error: 'not_found',
				message: 'This stream is not on this match',
				fields: ['streamId'],
			};
		await tx.execute(sql`UPDATE streams SET match_id = NULL WHERE id = ${streamId}`);
		await writeAudit(tx, {
			actor,
			action: 'match.stream.detach',
			target: `match:${matchId}`,
			before: { streamId, kind: row.kind, matchId },
			after: { streamId, matchId: null },
		});
		return { ok: true, changed: true, stream: toStream({ ...row, match_id: null }) };
	});
	if (result.ok) changed(matchId);
	return result;
}

/** The console page's form: attach or detach one stream. */
export const streamForm = z.object({
	intent: z.enum(['attach', 'detach']),
	streamId: streamRef.shape.streamId,
});

/** The HTTP answer: 201 for a new attachment (200 when nothing changed or on detach). */
export function streamChangeResponse(result: StreamChange, created = 201): Response {
	if (result.ok) return json(result.changed ? created : 200, { data: result.stream });
	const { ok: _ok, status, ...body } = result;
	return json(status, body);
}

/** An editor's attach/detach from the console page (a same-site form post). */
export async function streamFromConsole(
	form: FormData,
	actor: Actor,
	matchId: number,
): Promise<
	| (StreamChange & { intent?: 'attach' | 'detach' })
	| { ok: false; status: 400; error: 'invalid_request'; message: string }
> {
	const parsed = streamForm.safeParse({
		intent: form.get('intent'),
		streamId: form.get('streamId'),
	});
	if (!parsed.success)
		return {
			ok: false,
			status: 400,
			error: 'invalid_request',
			message: 'Invalid field "streamId"',
		};
	const { intent, streamId } = parsed.data;
	const result =
		intent === 'attach'
			? await attachStream(actor, matchId, streamId)
			: await detachStream(actor, matchId, streamId);
	return { ...result, intent };
}

/** The match's two team names, for the page title; null for an unknown match. */
export async function matchTeams(matchId: number): Promise<{ home: string; away: string } | null> {
	const db = await getDb();
	const [row] = rowsOf<{ home: string; away: string }>(
		await db.execute(sql`SELECT h.name AS home, a.name AS away FROM matches m
			JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
			WHERE m.id = ${matchId}`),
	);
	return row ?? null;
}
