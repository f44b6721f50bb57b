import { asc, eq, inArray } from 'drizzle-orm';
import { getDb } from '../db/client';
import { streams, type StreamKind, type StreamRow } from '../db/schema/streams';

/** Streams of the given kinds, in catalogue order. */
export async function listStreams(kinds: StreamKind[]): Promise<StreamRow[]> {
	const db = await getDb();
	return db
		.select()
		.from(streams)
		.where(inArray(streams.kind, kinds))
		.orderBy(asc(streams.position));
}

/** One stream by id (ids are slugs), or undefined. */
export async function getStream(id: string): Promise<StreamRow | undefined> {
	if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(id)) return undefined;
	const db = await getDb();
	const [row] = await db.select().from(streams).where(eq(streams.id, id));
	return row;
}

/** Public paths for the sitemap: the list pages and every highlight page ('/pricing' is the shell's). */
export async function streamSitemapPaths(): Promise<string[]> {
	const highlights = await listStreams(['highlight']);
	return [
		'/tv',
		'/movies',
		'/highlight',
		'/match-highlight',
		'/pricing-sport',
		...highlights.map((h) => `/match-highlight/${h.id}`),
	];
}
