import { and, asc, desc, eq, gt, inArray, isNull, or } from 'drizzle-orm';
import { paymentsNow as now } from '../clock';
import { getDb } from '../db/client';
import { streams, type StreamKind, type StreamRow } from '../db/schema/streams';
import { isReplayHighlight } from './match-streams';

/** Streams of the given kinds, in catalogue order; a scheduled one whose end has passed is gone. */
export async function listStreams(kinds: StreamKind[]): Promise<StreamRow[]> {
	const db = await getDb();
	return db
		.select()
		.from(streams)
		.where(
			and(
				inArray(streams.kind, kinds),
				or(isNull(streams.endsAt), gt(streams.endsAt, new Date(now()))),
			),
		)
		.orderBy(asc(streams.position));
}

/** One stream by id (ids are slugs), or undefined. */
export async function getStream(id: string): Promise<StreamRow | undefined> {
	if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(id)) return undefined;
	const db = await getDb();
	const [row] = await db.select().from(streams).where(eq(streams.id, id));
	return row;
}

/**
 * A highlight's public address: a match's highlights live at `/match-highlight/{match id}`
 * (the spec's route); a highlight tied to no match keeps its slug.
 */
export function highlightPath(stream: Pick<StreamRow, 'id' | 'matchId'>): string {
	return `/match-highlight/${stream.matchId ?? stream.id}`;
}

/** The newest highlight of a match, or undefined. */
export async function matchHighlight(matchId: number): Promise<StreamRow | undefined> {
	const db = await getDb();
	const [row] = await db
		.select()
		.from(streams)
		.where(and(eq(streams.kind, 'highlight'), eq(streams.matchId, matchId)))
		.orderBy(desc(streams.createdAt))
		.limit(1);
	return row;
}

/**
 * What `/match-highlight/{id}` answers: a match id plays that match's newest highlight; a
 * stream slug of a match's highlight is an old address and moves (301) to the match's; a
 * slug of a highlight without a match plays it. Undefined: nothing there (404).
 */
export async function resolveHighlight(
	id: string,
): Promise<{ play: string } | { moved: string } | undefined> {
	if (/^\d{1,9}$/.test(id)) {
		const stream = await matchHighlight(Number(id));
		return stream && { play: stream.id };
	}
	const stream = await getStream(id);
	if (!stream || stream.kind !== 'highlight') return undefined;
	return stream.matchId === null ? { play: stream.id } : { moved: highlightPath(stream) };
}

/**
 * Public paths for the sitemap: the list pages and every lasting highlight page ('/pricing'
 * is the shell's). A replay's demo highlight is left out: it lasts minutes, and a sitemap
 * must not list addresses that are gone by the time a crawler comes.
 */
export async function streamSitemapPaths(): Promise<string[]> {
	const highlights = (await listStreams(['highlight'])).filter((h) => !isReplayHighlight(h.id));
	return [
		'/tv',
		'/movies',
		'/highlight',
		'/match-highlight',
		'/pricing-sport',
		...new Set(highlights.map(highlightPath)),
	];
}
