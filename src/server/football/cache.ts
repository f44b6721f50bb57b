/**
 * A small in-process cache for football reads: TTL per entry, tags for invalidation, and
 * single-flight (concurrent misses for one key share one database trip). Not a shared
 * cache: each Node process holds its own, which is fine for data that changes at match
 * speed. The live engineer calls `invalidateMatch(id)` after committing a match change.
 */
interface Entry {
	value: unknown;
	expires: number;
	tags: readonly string[];
}

const MAX_ENTRIES = 2000;
const entries = new Map<string, Entry>();
const inflight = new Map<string, Promise<unknown>>();
let generation = 0;

/** Tag of everything that depends on one match (its page, its day, tables, lists). */
export const matchTag = (id: number) => `match:${id}`;
/** Tag of every list or table that any match change can alter. */
export const LISTS_TAG = 'lists';

/**
 * The cached value of `key`, loading it with `load` on a miss. `tags` name what the value
 * depends on, for `invalidate*`. A failed load is not cached.
 */
export async function cached<T>(key: string, ttlMs: number, tags: readonly string[], load: () => Promise<T>): Promise<T> {
	const hit = entries.get(key);
	if (hit && hit.expires > Date.now()) {
		// Refresh recency so the eviction below drops the least recently used entries.
		entries.delete(key);
		entries.set(key, hit);
		return hit.value as T;
	}
	const running = inflight.get(key);
	if (running) return running as Promise<T>;
	const startedAt = generation;
	const promise = load()
		.then((value) => {
			// An invalidation during the load means the value may be stale: do not keep it.
			if (startedAt === generation) {
				entries.set(key, { value, expires: Date.now() + ttlMs, tags });
				while (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value!);
			}
			return value;
		})
		.finally(() => inflight.delete(key));
	inflight.set(key, promise);
	return promise;
}

/** Drops every entry carrying `tag`. */
export function invalidateTag(tag: string): void {
	generation++;
	for (const [key, entry] of entries) if (entry.tags.includes(tag)) entries.delete(key);
}

/**
 * Call after a match changed (score, status, kick-off): its own entries and every list or
 * table go, since any of them may show the match.
 */
export function invalidateMatch(id: number): void {
	invalidateTag(matchTag(id));
	invalidateTag(LISTS_TAG);
}

/** Empties the cache (after an import; tests). */
export function invalidateAll(): void {
	generation++;
	entries.clear();
}

/** Number of live entries (tests, diagnostics). */
export function cacheSize(): number {
	return entries.size;
}
