/**
 * The data cache: values read from the database (football lists, tables, a match's detail,
 * the live snapshot, a user's plan for the expiry reminder), kept in process memory with a
 * time to live and tags, so a page costs at most one round trip on a miss. Each Node
 * process holds its own; live changes reach every process through the bus
 * (live/invalidate.ts calls `invalidateTags`, tags.ts).
 *
 * Concurrent misses of one key share one load, and a load that ran across an invalidation
 * is returned but not kept (core.ts).
 */
import { config } from '../config';
import { TaggedStore } from './core';

export class DataCache {
	readonly #store: TaggedStore<unknown>;

	/** A cache of its own keeps its own budget of entries (the least recently used go). */
	constructor(maxEntries: number) {
		this.#store = new TaggedStore(maxEntries);
	}

	/**
	 * The cached value of `key`, loading it with `load` on a miss. `tags` name what the value
	 * depends on (tags.ts). A failed load is not cached.
	 */
	async cached<T>(
		key: string,
		ttlMs: number,
		tags: readonly string[],
		load: () => Promise<T>,
	): Promise<T> {
		const store = this.#store;
		// A stored value is never undefined: a load that yields undefined is kept as null.
		const hit = store.get(key);
		if (hit !== undefined) return (hit === MISSING ? undefined : hit) as T;
		const running = store.flight(key);
		if (running) return running as Promise<T>;
		const startedAt = store.generation;
		return store.fly(key, async () => {
			const value = await load();
			const kept = value === undefined ? MISSING : value;
			store.set(key, kept, { expires: Date.now() + ttlMs, tags, startedAt });
			return value;
		});
	}

	/** Drops everything (after an import; tests). */
	clear(): void {
		this.#store.clear();
	}

	/** Entries held (tests, diagnostics). */
	get size(): number {
		return this.#store.size;
	}
}

/** Stands for a loaded `undefined`, which the store could not tell from a miss. */
const MISSING = Symbol('undefined');

const shared = new DataCache(2000);

/** The shared data cache's value of `key` (see `DataCache.cached`). */
export function cached<T>(
	key: string,
	ttlMs: number,
	tags: readonly string[],
	load: () => Promise<T>,
): Promise<T> {
	if (config().DATA_CACHE === 'off') return load();
	return shared.cached(key, ttlMs, tags, load);
}

/** Empties the shared data cache (after an import; tests). */
export function clearDataCache(): void {
	shared.clear();
}

/** Entries in the shared data cache (tests, diagnostics). */
export function dataCacheSize(): number {
	return shared.size;
}
