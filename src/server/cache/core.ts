/**
 * The mechanics every cache of this process shares, written once: entries that expire,
 * least-recently-used eviction, tags naming what an entry depends on, a generation that
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
}

/** One cache's entries, tag index, generation and flights; see the top of this file. */
export class TaggedStore<V> {
	readonly #entries = new Map<string, Entry<V>>();
	readonly #byTag = new Map<string, Set<string>>();
	readonly #flights = new Map<string, Promise<unknown>>();
	#generation = 0;

	/** A store keeps at most `maxEntries`, dropping the least recently used beyond that. */
	constructor(private readonly maxEntries: number) {
		registerStore(this);
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
	 * The fresh value of `key` without touching the store (no recency, no sweep): for the
	 * front server's hot path, which must cost as little as a Map lookup.
	 */
	peek(key: string, now = Date.now()): V | undefined {
		const entry = this.#entries.get(key);
		return entry && entry.expires > now ? entry.value : undefined;
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
		this.#entries.set(key, { value, expires, tags });
		for (const tag of tags) {
			let keys = this.#byTag.get(tag);
			if (!keys) this.#byTag.set(tag, (keys = new Set()));
			keys.add(key);
		}
		while (this.#entries.size > this.maxEntries) {
			const oldest = this.#entries.keys().next().value;
			if (oldest === undefined) break;
			this.delete(oldest);
		}
		return true;
	}

	delete(key: string): void {
		const entry = this.#entries.get(key);
		if (!entry) return;
		this.#entries.delete(key);
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
