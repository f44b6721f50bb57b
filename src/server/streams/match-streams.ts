import { asc, eq, isNotNull, sql } from 'drizzle-orm';
import { invalidateTags, matchTag } from '../cache/tags';
import { getDb, type Database } from '../db/client';
import { streams, type StreamRow } from '../db/schema/streams';
import { REPLAY_TITLE_PREFIX, REPLAY_TITLE_VERSUS } from './own-titles';

/*
 * Streams attached to matches. Until editors attach them by hand (the console), the default
 * data does it: the replay feed attaches the demo live stream to each match as its replay
 * starts, and when the replay ends swaps it for a demo highlight (labelled demo footage).
 * Their titles are stored in English and shown in the visitor's language (own-titles.ts).
 * An attached stream copies its template's plans and adds the competition passes of the
 * match's competition, so access is decided by the stream's plan list alone (access.ts).
 */

/** The demo streams the replay feed attaches (rows seeded by migration 0001). */
const LIVE_TEMPLATE = 'demo-live';
const HIGHLIGHT_TEMPLATE = 'demo-highlight';
/** Replay highlights kept: the newest few, so the catalogue does not grow without end. */
const KEEP_HIGHLIGHTS = 12;

export const liveStreamId = (matchId: number) => `live-m${matchId}`;
export const highlightStreamId = (matchId: number) => `highlight-m${matchId}`;
/**
 * A replay's demo highlight: made when a replay ends, gone when newer ones push it out of
 * the newest KEEP_HIGHLIGHTS. Ephemeral by design, so never offered to search engines.
 */
export const isReplayHighlight = (streamId: string) => /^highlight-m\d+$/.test(streamId);

async function attach(
	db: Database,
	matchId: number,
	template: string,
	id: string,
	title: string,
): Promise<void> {
	await db.execute(sql`INSERT INTO streams (id, kind, match_id, sport, title, plans, countries, hls_path, position)
		SELECT ${id}, t.kind, m.id, t.sport, ${title} || h.name || ${REPLAY_TITLE_VERSUS} || a.name,
			CASE WHEN cardinality(t.plans) = 0 THEN t.plans
				ELSE t.plans || ARRAY(SELECT cp.plan_id FROM competition_passes cp WHERE cp.competition_slug = c.slug ORDER BY cp.plan_id)
			END,
			t.countries, t.hls_path, 0
		FROM streams t, matches m
		JOIN teams h ON h.id = m.home_team_id
		JOIN teams a ON a.id = m.away_team_id
		JOIN seasons s ON s.id = m.season_id
		JOIN competitions c ON c.id = s.competition_id
		WHERE t.id = ${template} AND m.id = ${matchId}
		ON CONFLICT (id) DO UPDATE SET plans = EXCLUDED.plans, title = EXCLUDED.title`);
	changed(matchId);
}

/** A replay started: the match gets the demo live stream. */
export async function attachReplayLive(db: Database, matchId: number): Promise<void> {
	await attach(db, matchId, LIVE_TEMPLATE, liveStreamId(matchId), REPLAY_TITLE_PREFIX.live);
}

/**
 * A replay ended (or was cut short): the live stream goes (players get "stream ended"), and
 * with `highlight` the match gets a demo highlight; only the newest few are kept.
 */
export async function detachReplayLive(
	db: Database,
	matchId: number,
	{ highlight }: { highlight: boolean },
): Promise<void> {
	await db.execute(sql`DELETE FROM streams WHERE id = ${liveStreamId(matchId)}`);
	if (highlight) {
		await attach(
			db,
			matchId,
			HIGHLIGHT_TEMPLATE,
			highlightStreamId(matchId),
			REPLAY_TITLE_PREFIX.highlight,
		);
		await db.execute(sql`DELETE FROM streams WHERE id LIKE 'highlight-m%' AND id NOT IN (
			SELECT id FROM streams WHERE id LIKE 'highlight-m%' ORDER BY created_at DESC, id DESC LIMIT ${KEEP_HIGHLIGHTS})`);
	}
	changed(matchId);
}

/** The streams of one match: live first, then highlights. */
export async function streamsOfMatch(matchId: number): Promise<StreamRow[]> {
	const db = await getDb();
	const rows = await db
		.select()
		.from(streams)
		.where(eq(streams.matchId, matchId))
		.orderBy(asc(streams.position), asc(streams.id));
	const order = { live: 0, tv: 1, movie: 2, highlight: 3 };
	return rows.sort((a, b) => order[a.kind] - order[b.kind]);
}

/*
 * Which matches have a stream, for the watch mark on match rows. Rows are built
 * synchronously all over the views, so the set is held here: refreshed from the database
 * when older than a few seconds (another process, an editor), and changed at once when this
 * process attaches or detaches a stream.
 */
const FRESH_MS = 5_000;
let watchable = new Set<number>();
let loadedAt = 0;
let loading: Promise<void> | null = null;

/** A stream was attached to or detached from this match (here or by the console). */
export function changed(matchId: number): void {
	loadedAt = 0;
	invalidateTags([matchTag(matchId)]);
}

/** Reloads the set of matches with a stream (awaited by pages that list matches). */
export function refreshWatchable(): Promise<void> {
	if (Date.now() - loadedAt < FRESH_MS) return Promise.resolve();
	loading ??= (async () => {
		try {
			const db = await getDb();
			const rows = await db
				.selectDistinct({ id: streams.matchId })
				.from(streams)
				.where(isNotNull(streams.matchId));
			watchable = new Set(rows.map((r) => r.id as number));
			loadedAt = Date.now();
		} catch {
			// No streams table yet (a database mid-migration): no marks, try again next time.
		} finally {
			loading = null;
		}
	})();
	return loading;
}

/** Whether a match has a stream, as last loaded (a stale set starts a reload). */
export function hasStream(matchId: number): boolean {
	if (Date.now() - loadedAt >= FRESH_MS) void refreshWatchable();
	return watchable.has(matchId);
}

/** Tests: forget what was loaded. */
export function resetWatchableForTests(): void {
	watchable = new Set();
	loadedAt = 0;
}
