/**
 * Creating and editing catalogue streams (`streams.edit`): each change locks the row,
 * writes it and its translations, and its `cms_audit` row in one transaction; after COMMIT
 * the public lists and the match it is on are invalidated, so pages show it at once.
 */
import { asc, count, eq, inArray, type SQL, sql } from 'drizzle-orm';
import type { Locale } from '~/i18n/locales';
import { can } from '~/lib/cms/roles';
import type { EditableKind, NewStream, StreamFields } from '~/lib/cms/stream-input';
import { invalidateTags, STREAMS_TAG, streamTag } from '../cache/tags';
import { getDb } from '../db/client';
import { plans } from '../db/schema/payments';
import { type StreamRow, streams, streamTranslations } from '../db/schema/streams';
import type { Queryable } from '../live/log';
import { changed } from '../streams/match-streams';
import { writeAudit } from './audit';
import type { Actor } from './guard';

/** The replay feed copies these two for every match (match-streams.ts): never deleted. */
const TEMPLATES = new Set(['demo-live', 'demo-highlight']);
export const PAGE_SIZE = 25;

export interface EditedStream {
	id: string;
	kind: EditableKind;
	title: string;
	description: string | null;
	translations: Partial<Record<Locale, { title: string; description: string | null }>>;
	plans: string[];
	countries: string[] | null;
	hlsSource: string;
	startsAt: string | null;
	endsAt: string | null;
	position: number;
	matchId: number | null;
	createdAt: string;
}

export type EditResult<T> =
	| { ok: true; value: T; created?: boolean }
	| { ok: false; status: 400 | 403 | 404 | 409; error: string; message: string; fields?: string[] };

const fail = (
	status: 400 | 403 | 404 | 409,
	error: string,
	message: string,
	fields?: string[],
): EditResult<never> => ({ ok: false, status, error, message, ...(fields ? { fields } : {}) });

const forbidden = () => fail(403, 'forbidden', 'Your role does not allow this');
const notFound = () => fail(404, 'not_found', 'No such stream');

function shape(
	row: StreamRow,
	texts: { locale: string; title: string; description: string | null }[],
): EditedStream {
	return {
		id: row.id,
		kind: row.kind,
		title: row.title,
		description: row.description,
		translations: Object.fromEntries(
			texts.map((t) => [t.locale, { title: t.title, description: t.description }]),
		),
		plans: row.plans,
		countries: row.countries,
		hlsSource: row.hlsPath,
		startsAt: row.startsAt?.toISOString() ?? null,
		endsAt: row.endsAt?.toISOString() ?? null,
		position: row.position,
		matchId: row.matchId,
		createdAt: row.createdAt.toISOString(),
	};
}

async function load(db: Queryable, id: string): Promise<EditedStream | undefined> {
	const [row] = await db.select().from(streams).where(eq(streams.id, id));
	if (!row) return undefined;
	const texts = await db
		.select()
		.from(streamTranslations)
		.where(eq(streamTranslations.streamId, id))
		.orderBy(asc(streamTranslations.locale));
	return shape(row, texts);
}

/** One stream with every translation, for the form and `GET /api/cms/streams/{id}`. */
export async function getEditedStream(id: string): Promise<EditedStream | undefined> {
	return load(await getDb(), id);
}

/** A row of the list: the stream without its translations. */
export type ListedStream = Omit<EditedStream, 'translations'>;

/** A page of the catalogue, optionally of one kind, in catalogue order. */
export async function listEditedStreams(
	kind: EditableKind | undefined,
	page: number,
): Promise<{ data: ListedStream[]; page: number; hasMore: boolean; total: number }> {
	const db = await getDb();
	const where: SQL | undefined = kind ? eq(streams.kind, kind) : undefined;
	const rows = await db
		.select()
		.from(streams)
		.where(where)
		.orderBy(asc(streams.kind), asc(streams.position), asc(streams.id))
		.limit(PAGE_SIZE + 1)
		.offset((page - 1) * PAGE_SIZE);
	const [total] = await db.select({ n: count() }).from(streams).where(where);
	const data = rows.slice(0, PAGE_SIZE).map((r) => {
		const { translations: _t, ...listed } = shape(r, []);
		return listed;
	});
	return { data, page, hasMore: rows.length > PAGE_SIZE, total: total?.n ?? 0 };
}

/** Plan ids the input names that the plans table does not hold. */
async function unknownPlans(db: Queryable, ids: string[]): Promise<string[]> {
	if (ids.length === 0) return [];
	const found = await db.select({ id: plans.id }).from(plans).where(inArray(plans.id, ids));
	const known = new Set(found.map((p) => p.id));
	return ids.filter((id) => !known.has(id));
}

function columns(input: StreamFields) {
	return {
		kind: input.kind,
		title: input.title,
		description: input.description ?? null,
		plans: input.plans,
		countries: input.countries,
		hlsPath: input.hlsSource,
		startsAt: input.startsAt ?? null,
		endsAt: input.endsAt ?? null,
		...(input.position !== undefined ? { position: input.position } : {}),
	};
}

async function writeTranslations(db: Queryable, id: string, input: StreamFields): Promise<void> {
	// Replaced as a whole: a locale left empty in the form has no version any more.
	await db.execute(sql`DELETE FROM stream_translations WHERE stream_id = ${id}`);
	const rows = Object.entries(input.translations ?? {})
		.filter(([, t]) => t !== undefined)
		.map(([locale, t]) => ({
			streamId: id,
			locale,
			title: t!.title,
			description: t!.description ?? null,
		}));
	if (rows.length > 0) await db.insert(streamTranslations).values(rows);
}

/** What a change makes stale: the public lists, the stream's access answers, its match. */
function published(id: string, matchId: number | null): void {
	invalidateTags([STREAMS_TAG, streamTag(id)]);
	if (matchId !== null) changed(matchId);
}

/** Creates a stream (409 `id_taken` when the id exists; 400 naming `plans` for unknown plans). */
export async function createStream(
	actor: Actor,
	input: NewStream,
): Promise<EditResult<EditedStream>> {
	if (!can(actor.scope, 'streams.edit')) return forbidden();
	const db = await getDb();
	const result = await db.transaction(async (tx): Promise<EditResult<EditedStream>> => {
		const missing = await unknownPlans(tx, input.plans);
		if (missing.length > 0)
			return fail(400, 'invalid_request', `Invalid field "plans": unknown plan ${missing[0]}`, [
				'plans',
			]);
		const inserted = await tx
			.insert(streams)
			.values({ id: input.id, ...columns(input) })
			.onConflictDoNothing()
			.returning({ id: streams.id });
		if (inserted.length === 0) return fail(409, 'id_taken', 'A stream with this id exists', ['id']);
		await writeTranslations(tx, input.id, input);
		const after = (await load(tx, input.id))!;
		await writeAudit(tx, {
			actor,
			action: 'stream.create',
			target: `stream:${input.id}`,
			after: { ...after },
		});
		return { ok: true, value: after, created: true };
	});
	if (result.ok) published(result.value.id, null);
	return result;
}

/** Replaces a stream's fields and translations (its id and match stay). */
export async function updateStream(
	actor: Actor,
	id: string,
	input: StreamFields,
): Promise<EditResult<EditedStream>> {
	if (!can(actor.scope, 'streams.edit')) return forbidden();
	const db = await getDb();
	const result = await db.transaction(async (tx): Promise<EditResult<EditedStream>> => {
		const locked = await tx
			.select({ id: streams.id })
			.from(streams)
			.where(eq(streams.id, id))
			.for('update');
		if (locked.length === 0) return notFound();
		const before = (await load(tx, id))!;
		// A stream on a match must stay a kind a match may carry (cms/streams.ts).
		if (before.matchId !== null && input.kind !== 'live' && input.kind !== 'highlight')
			return fail(409, 'attached', `The stream is on match ${before.matchId}; detach it first`, [
				'kind',
			]);
		const missing = await unknownPlans(tx, input.plans);
		if (missing.length > 0)
			return fail(400, 'invalid_request', `Invalid field "plans": unknown plan ${missing[0]}`, [
				'plans',
			]);
		await tx.update(streams).set(columns(input)).where(eq(streams.id, id));
		await writeTranslations(tx, id, input);
		const after = (await load(tx, id))!;
		await writeAudit(tx, {
			actor,
			action: 'stream.update',
			target: `stream:${id}`,
			before: { ...before },
			after: { ...after },
		});
		return { ok: true, value: after };
	});
	if (result.ok) published(id, result.value.matchId);
	return result;
}

/**
 * Deletes a stream that nothing uses: one on a match (viewers may be watching it) or a
 * template of the replay feed is 409 `in_use`.
 */
export async function deleteStream(actor: Actor, id: string): Promise<EditResult<{ id: string }>> {
	if (!can(actor.scope, 'streams.edit')) return forbidden();
	const db = await getDb();
	const result = await db.transaction(async (tx): Promise<EditResult<{ id: string }>> => {
		const locked = await tx
			.select({ id: streams.id })
			.from(streams)
			.where(eq(streams.id, id))
			.for('update');
		if (locked.length === 0) return notFound();
		const before = (await load(tx, id))!;
		if (before.matchId !== null || TEMPLATES.has(id))
			return fail(
				409,
				'in_use',
				before.matchId !== null
					? `The stream is on match ${before.matchId}; detach it first`
					: 'The replay feed copies this stream',
			);
		await tx.delete(streams).where(eq(streams.id, id));
		await writeAudit(tx, {
			actor,
			action: 'stream.delete',
			target: `stream:${id}`,
			before: { ...before },
		});
		return { ok: true, value: { id } };
	});
	if (result.ok) published(id, null);
	return result;
}
