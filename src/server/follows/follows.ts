import { and, asc, eq, sql } from 'drizzle-orm';
import {
	type Follow,
	type FollowKind,
	type FollowView,
	dedupeFollows,
	mergeFollows,
} from '~/lib/follows';
import { leaguePath, matchPath, teamPath } from '~/lib/urls';
import { type Database, getDb } from '../db/client';
import { rowsOf } from '../db/rows';
import { follows } from '../db/schema/follows';

/**
 * A signed-in visitor's follows. Always read and written per user, and only through
 * /api/me/follows (no-store): never part of a shared or member-cached page.
 */
export async function listFollows(userId: string, db?: Database): Promise<Follow[]> {
	const d = db ?? (await getDb());
	const rows = await d
		.select({ kind: follows.kind, id: follows.targetId })
		.from(follows)
		.where(eq(follows.userId, userId))
		.orderBy(asc(follows.position), asc(follows.createdAt));
	return rows;
}

/** Which of the given follows point at something that exists, as ids per kind. */
async function existing(db: Database, list: readonly Follow[]): Promise<Set<string>> {
	const ids = (kind: FollowKind) => list.filter((f) => f.kind === kind).map((f) => f.id);
	const rows = rowsOf<{ kind: string; id: number }>(
		await db.execute(sql`
			SELECT 'team' AS kind, id FROM teams WHERE id = ANY(${pgArray(ids('team'))}::int[])
			UNION ALL SELECT 'competition', id FROM competitions
				WHERE id = ANY(${pgArray(ids('competition'))}::int[])
			UNION ALL SELECT 'match', id FROM matches WHERE id = ANY(${pgArray(ids('match'))}::int[])`),
	);
	return new Set(rows.map((r) => `${r.kind}:${Number(r.id)}`));
}

/** An int[] literal: both drivers take it as one text parameter. */
const pgArray = (ids: readonly number[]) => `{${ids.join(',')}}`;

/**
 * Replaces the list (order included) in one transaction, keeping only targets that exist.
 * The user's row is locked first, so two devices saving at once apply one after the other.
 */
async function store(userId: string, list: readonly Follow[], db: Database) {
	return db.transaction(async (tx) => {
		await tx.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
		const known = await existing(tx as unknown as Database, list);
		const kept = dedupeFollows(list).filter((f) => known.has(`${f.kind}:${f.id}`));
		await tx.delete(follows).where(eq(follows.userId, userId));
		if (kept.length > 0) {
			await tx
				.insert(follows)
				.values(kept.map((f, position) => ({ userId, kind: f.kind, targetId: f.id, position })));
		}
		const ignored = dedupeFollows(list).filter((f) => !known.has(`${f.kind}:${f.id}`));
		return { follows: kept, ignored };
	});
}

export interface SaveResult {
	follows: Follow[];
	/** Follows that were dropped because their team, competition or match does not exist. */
	ignored: Follow[];
}

/** PUT: the visitor's whole list, in their order (reorder and remove from the account page). */
export async function replaceFollows(
	userId: string,
	list: readonly Follow[],
	db?: Database,
): Promise<SaveResult> {
	return store(userId, list, db ?? (await getDb()));
}

/** POST: adds follows after the existing ones (a star click, or a guest's list at login). */
export async function addFollows(
	userId: string,
	list: readonly Follow[],
	db?: Database,
): Promise<SaveResult> {
	const d = db ?? (await getDb());
	return d.transaction(async (tx) => {
		const t = tx as unknown as Database;
		await t.execute(sql`SELECT 1 FROM users WHERE id = ${userId} FOR UPDATE`);
		const current = await listFollows(userId, t);
		return store(userId, mergeFollows(current, list), t);
	});
}

/** DELETE: removes one follow; false when it was not there. */
export async function removeFollow(userId: string, follow: Follow, db?: Database) {
	const d = db ?? (await getDb());
	const gone = await d
		.delete(follows)
		.where(
			and(
				eq(follows.userId, userId),
				eq(follows.kind, follow.kind),
				eq(follows.targetId, follow.id),
			),
		)
		.returning({ id: follows.targetId });
	return gone.length > 0;
}

/** Names and addresses of the followed items, in list order; missing targets are left out. */
export async function describeFollows(list: readonly Follow[], db?: Database) {
	if (list.length === 0) return [];
	const d = db ?? (await getDb());
	const ids = (kind: FollowKind) => pgArray(list.filter((f) => f.kind === kind).map((f) => f.id));
	const rows = rowsOf<{ kind: FollowKind; id: number; name: string; slug: string | null }>(
		await d.execute(sql`
			SELECT 'team' AS kind, id, name, slug FROM teams WHERE id = ANY(${ids('team')}::int[])
			UNION ALL SELECT 'competition', id, name, slug FROM competitions
				WHERE id = ANY(${ids('competition')}::int[])
			UNION ALL SELECT 'match', m.id, th.name || ' – ' || ta.name, NULL FROM matches m
				JOIN teams th ON th.id = m.home_team_id JOIN teams ta ON ta.id = m.away_team_id
				WHERE m.id = ANY(${ids('match')}::int[])`),
	);
	const byKey = new Map(rows.map((r) => [`${r.kind}:${Number(r.id)}`, r]));
	const out: FollowView[] = [];
	for (const f of list) {
		const row = byKey.get(`${f.kind}:${f.id}`);
		if (!row) continue;
		const path =
			f.kind === 'team'
				? teamPath({ slug: row.slug ?? '' })
				: f.kind === 'competition'
					? leaguePath({ slug: row.slug ?? '' })
					: matchPath({ id: f.id });
		out.push({ kind: f.kind, id: f.id, name: row.name, path });
	}
	return out;
}
