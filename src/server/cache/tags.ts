/**
 * Tags name what a cached page or value depends on; invalidating a tag drops everything
 * that carries it, in every cache of this process (pages and data alike). Whoever changes
 * something calls `invalidateTags` with what changed: live changes (live/invalidate.ts)
 * and payments (a user's plan) go through this one function.
 */

/** Every page or value that shows the home page's lists. */
export const HOME_TAG = 'home';
/** Every list or table that any match change can alter. */
export const LISTS_TAG = 'lists';
/** Everything that depends on one match (its page, its day, tables, lists). */
export const matchTag = (id: number | string) => `match:${id}`;
/** What is known of one user's plan (the expiry reminder). */
export const planTag = (userId: string) => `plan:${userId}`;

/**
 * What a change to these matches makes stale: their own pages and reads, every list or
 * table (any of them may show a match), and the home page.
 */
export function matchChangeTags(ids: readonly (number | string)[]): string[] {
	return [HOME_TAG, LISTS_TAG, ...ids.map(matchTag)];
}

interface Invalidatable {
	invalidate(tags: readonly string[]): number;
}

const stores = new Set<Invalidatable>();

/** Called by every cache store when it is made (core.ts), so invalidations reach it. */
export function registerStore(store: Invalidatable): void {
	stores.add(store);
}

/**
 * Drops every cached page and value carrying one of `tags`, in this process. Each cache
 * also refuses to keep what was loaded or rendered across the call (it may predate the
 * change). Returns how many entries were dropped.
 */
export function invalidateTags(tags: readonly string[]): number {
	let dropped = 0;
	for (const store of stores) dropped += store.invalidate(tags);
	return dropped;
}

/** Every page or value that lists or shows news (the console's publishing drops it). */
export const NEWS_TAG = 'news';

/** Every page or value that shows a plan's price (the console's plan edits drop it). */
export const PRICES_TAG = 'prices';
/** Every page or value that lists streams (the console's stream editing drops it). */
export const STREAMS_TAG = 'streams';
/** What is known of one stream (its access answers for media segments). */
export const streamTag = (id: string) => `stream:${id}`;
