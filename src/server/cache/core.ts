/**
 * The mechanics every cache of this process shares, written once: entries that expire,
 * least-recently-used eviction (past a number of entries and, when the store can weigh its
 * values, past a number of bytes), tags naming what an entry depends on, a generation that
 * moves on every invalidation (work that began before one must not be kept: it may predate
 * the change), and single flight (one load per key at a time).
 *
 * The page cache (route-cache.ts) and the data cache (data-cache.ts) are stores of this
 * kind. Every store registers itself, so `invalidateTags` (tags.ts) reaches all of them
 * with one call: a live change or a payment names what changed, never which cache holds it.
 */
import { registerStore } from './tags';

/** When an entry expires (ms since the epoch), what it depends on, when its load began. */
export interface SetOptions {
	expires: number;
	tags?: readonly string[];
	startedAt?: number;
}

interface Entry<V> {
	value: V;
	expires: number;
	tags: readonly string[];
	/** What the entry counts for in `bytes` (0 when the store has no `sizeOf`). */
	size: number;
}

/** Bounds of a store: entries always; bytes when it knows how to weigh a value. */
export interface StoreLimits<V> {
	maxEntries: number;
	/** Most bytes the entries may weigh together (with `sizeOf`). */
	maxBytes?: number;
	/** The weight of one entry: its value plus what keeping it costs (key, tags, objects). */
	sizeOf?: (key: string, value: V, tags: readonly string[]) => number;
}

/** One cache's entries, tag index, generation and flights; see the top of this file. */
export class TaggedStore<V> {
	readonly #entries = new Map<string, Entry<V>>();
	readonly #byTag = new Map<string, Set<string>>();
	readonly #flights = new Map<string, Promise<unknown>>();
	#generation = 0;
	#bytes = 0;
	readonly #limits: StoreLimits<V>;

	/**
	 * A store keeps at most `maxEntries` (and `maxBytes`), dropping the least recently used
	 * beyond that. A number alone is `maxEntries`.
	 */
	constructor(limits: number | StoreLimits<V>) {
		this.#limits = typeof limits === 'number' ? { maxEntries: limits } : limits;
		registerStore(this);
	}

	/** What the entries weigh together, by the store's `sizeOf`. */
	get bytes(): number {
		return this.#bytes;
	}

	/**
	 * Moves on every invalidation and clear: note it before a load, and keep the result only
	 * if it has not moved (`set(..., { startedAt })`).
	 */
	get generation(): number {
		return this.#generation;
	}

	/** Entries held, fresh or not yet swept. */
	get size(): number {
		return this.#entries.size;
	}

	/**
	 * The fresh value of `key`, made the most recently used; an expired entry is dropped.
	 */
	get(key: string, now = Date.now()): V | undefined {
		const entry = this.#entries.get(key);
		if (!entry) return undefined;
		if (entry.expires <= now) {
			this.delete(key);
			return undefined;
		}
		this.#entries.delete(key);
		this.#entries.set(key, entry);
		return entry.value;
	}

	/**
	 * The fresh value of `key` without sweeping an expired entry: for the front server's hot
	 * path. It still counts as a use (the entry moves to the recent end), or a store bounded
	 * in bytes would evict its most popular pages first; that move is two Map operations.
	 */
	peek(key: string, now = Date.now()): V | undefined {
		const entry = this.#entries.get(key);
		if (!entry || entry.expires <= now) return undefined;
		this.#entries.delete(key);
		this.#entries.set(key, entry);
		return entry.value;
	}

	/**
	 * Keeps `value` under `key` until `expires` (ms since the epoch), unless the generation
	 * moved since `startedAt`. Returns whether it was kept.
	 */
	set(
		key: string,
		value: V,
		{ expires, tags = [], startedAt = this.#generation }: SetOptions,
	): boolean {
		if (startedAt !== this.#generation) return false;
		this.delete(key);
		const size = this.#limits.sizeOf?.(key, value, tags) ?? 0;
		// One value heavier than the whole budget would empty the store and still not fit.
		if (this.#limits.maxBytes !== undefined && size > this.#limits.maxBytes) return false;
		this.#entries.set(key, { value, expires, tags, size });
		this.#bytes += size;
		for (const tag of tags) {
			let keys = this.#byTag.get(tag);
			if (!keys) this.#byTag.set(tag, (keys = new Set()));
			keys.add(key);
		}
		this.#evict();
		return true;
	}

	/**
	 * The value kept under `key` grew (or shrank) by `delta` bytes after it was stored: a
	 * page's compressed copies arrive later. Ignored when `key` holds another value by now.
	 */
	resize(key: string, value: V, delta: number): void {
		const entry = this.#entries.get(key);
		if (!entry || entry.value !== value) return;
		entry.size += delta;
		this.#bytes += delta;
		this.#evict();
	}

	/** Least recently used first (the Map's order), until both bounds hold. */
	#evict(): void {
		const { maxEntries, maxBytes = Number.POSITIVE_INFINITY } = this.#limits;
		while (this.#entries.size > maxEntries || this.#bytes > maxBytes) {
			const oldest = this.#entries.keys().next().value;
			if (oldest === undefined) break;
			this.delete(oldest);
		}
	}

	delete(key: string): void {
		const entry = this.#entries.get(key);
		if (!entry) return;
		this.#entries.delete(key);
		this.#bytes -= entry.size;
		for (const tag of entry.tags) {
			const keys = this.#byTag.get(tag);
			keys?.delete(key);
			if (keys?.size === 0) this.#byTag.delete(tag);
		}
	}

	/** Drops every entry carrying one of `tags`; returns how many. Moves the generation. */
	invalidate(tags: readonly string[]): number {
		this.#generation++;
		let dropped = 0;
		for (const tag of tags) {
			for (const key of [...(this.#byTag.get(tag) ?? [])]) {
				this.delete(key);
				dropped++;
			}
		}
		return dropped;
	}

	/** Drops everything. Moves the generation. */
	clear(): void {
		this.#generation++;
		this.#entries.clear();
		this.#byTag.clear();
		this.#bytes = 0;
	}

	/** The flight under way for `key`, if any (see `fly`). */
	flight(key: string): Promise<unknown> | undefined {
		return this.#flights.get(key);
	}

	/**
	 * Runs `work` as THE flight of `key`: others find it with `flight(key)` until it settles.
	 * It is registered before this returns (no await in between), so requests arriving
	 * together cannot all decide to start one; it is gone before anyone awaiting it resumes.
	 */
	fly<T>(key: string, work: () => Promise<T>): Promise<T> {
		const promise = work().finally(() => this.#flights.delete(key));
		this.#flights.set(key, promise);
		return promise;
	}
}
