/**
 * The route cache: whole rendered responses of public pages, kept in process memory for a
 * few seconds, so a popular page costs no rendering and no database round trip on a hit.
 *
 * A route opts in with `cacheRoute(Astro.response.headers, { maxAge, tags })`; the
 * middleware (src/middleware/route-cache.ts, member-cache.ts) stores and serves through
 * `serveCached`, and the production front (scripts/serve.mjs) answers hits through
 * `front.ts`. Live updates call `invalidateTags(['match:42'])` (tags.ts) so a goal is never
 * hidden behind a stale page. Entries, eviction, generations and single flight are the
 * shared store's (core.ts).
 */
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { themeFromCookie } from '~/lib/theme';
import { config } from '../config';
import { TaggedStore } from './core';

const INTERNAL_HEADER = 'x-route-cache';
/** A ceiling on the key and tag index; the real bound is ROUTE_CACHE_MAX_MB. */
const MAX_ENTRIES = 100_000;
/** Keys remembered as cacheable (for single flight) before the list starts over. */
const MAX_CACHEABLE_KEYS = 200_000;
const MAX_BODY_BYTES = 512 * 1024;
/**
 * What keeping a page costs beyond its bytes: the entry, page and header objects, the Map
 * slots, the Uint8Array wrappers. Measured with bench/route-cache-memory.mjs (heap growth
 * per entry of tiny pages), rounded up.
 */
const ENTRY_OVERHEAD = 1024;

export interface CacheOptions {
	/** Seconds the page stays fresh (1..300). */
	maxAge: number;
	/** Names that invalidate the page, e.g. `match:42`, `competition:3`. */
	tags?: string[];
}

/** A stored page, as the front server (front.ts) sends it. */
export interface StoredPage {
	status: number;
	headers: [string, string][];
	body: Uint8Array<ArrayBuffer>;
	/** Compressed copies of `body`, made off the event loop after storing (see compress). */
	encoded: Encoded;
}

/** A stored page compressed, for browsers that accept it; each appears when ready. */
export interface Encoded {
	br?: Uint8Array;
	gzip?: Uint8Array;
}

/** The weight of a stored page: its bytes (all copies), headers, key and tags (UTF-16). */
export function pageWeight(key: string, page: StoredPage, tags: readonly string[]): number {
	let size = ENTRY_OVERHEAD + page.body.byteLength + key.length * 2;
	size += (page.encoded.br?.byteLength ?? 0) + (page.encoded.gzip?.byteLength ?? 0);
	for (const [name, value] of page.headers) size += (name.length + value.length) * 2 + 32;
	for (const tag of tags) size += tag.length * 2 + 64;
	return size;
}

const pages = new TaggedStore<StoredPage>({
	maxEntries: MAX_ENTRIES,
	// Read when used, so the setting is the validated one (src/server/config.ts) and tests may change it.
	get maxBytes() {
		return config().ROUTE_CACHE_MAX_MB * 2 ** 20;
	},
	sizeOf: pageWeight,
});
/**
 * Keys that have been stored before: only their misses are worth waiting for (a page that
 * never opts in, or always sets a cookie, would only make the waiting requests slower).
 */
const cacheable = new Set<string>();
let hits = 0;
let misses = 0;

/**
 * The cache key of a page: path and query, the visitor's time zone (times differ) and the
 * theme cookie (the page is rendered with <html data-theme>). Only a valid theme counts,
 * so a made-up cookie value cannot multiply the entries.
 */
export function cacheKey(
	pathAndSearch: string,
	timeZone: string | undefined,
	themeCookie: string | undefined,
): string {
	return `${pathAndSearch}|${timeZone ?? ''}|${themeFromCookie(themeCookie) ?? ''}`;
}

/** The key of the member cache's copy of a page (src/middleware/member-cache.ts). */
export function memberKey(key: string): string {
	return `${key}|member`;
}

/** Marks this response as cacheable by the route cache (and by browsers, briefly). */
export function cacheRoute(headers: Headers, { maxAge, tags = [] }: CacheOptions): void {
	const seconds = Math.max(1, Math.min(300, Math.floor(maxAge)));
	headers.set(INTERNAL_HEADER, JSON.stringify({ maxAge: seconds, tags }));
	headers.set('Cache-Control', `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=30`);
}

/**
 * The response without the route cache's internal marker, for every response that is not
 * stored (cache off, personal requests): the marker is ours, never the visitor's.
 */
export function unmarked(response: Response): Response {
	if (!response.headers.has(INTERNAL_HEADER)) return response;
	try {
		response.headers.delete(INTERNAL_HEADER);
		return response;
	} catch {
		// Immutable headers: copy once.
		const headers = new Headers(response.headers);
		headers.delete(INTERNAL_HEADER);
		return new Response(response.body, {
			status: response.status,
			statusText: response.statusText,
			headers,
		});
	}
}

/** A fresh entry for `key`, or undefined. */
export function lookup(key: string, now = Date.now()): Response | undefined {
	const page = pages.get(key, now);
	if (!page) {
		misses++;
		return undefined;
	}
	hits++;
	const headers = new Headers(page.headers);
	headers.set('X-Cache', 'HIT');
	return new Response(page.body, { status: page.status, headers });
}

/**
 * The stored page for `key` as it is, for the front server's hot path (front.ts): no
 * Response built, no recency kept, so a hit costs about what a bare server costs.
 */
export function storedPage(key: string, now = Date.now()): StoredPage | undefined {
	const page = pages.peek(key, now);
	if (page) hits++;
	return page;
}

const ignore = () => {};

/**
 * Answers an anonymous request for `key`: the stored page (`hit`), else the page another
 * request is rendering right now, else a render of its own, stored when it may be.
 *
 * Waiting for someone else's render only happens for pages stored before: when a popular
 * page expires or a goal invalidates it, one render then serves the crowd instead of one
 * render per request. A page that never opts in, or always sets a cookie, would only make
 * the waiting requests slower. If the awaited render could not be stored (a cookie, an
 * error, an invalidation), the waiting requests render their own, in parallel.
 */
export async function serveCached(
	key: string,
	render: () => Promise<Response>,
): Promise<{ response: Response; hit: boolean }> {
	const cached = lookup(key);
	if (cached) return { response: cached, hit: true };
	// No await between this check and `fly` below, so requests arriving together cannot all
	// decide to render.
	const running = pages.flight(key);
	if (running) {
		await running.then(ignore, ignore);
		const after = lookup(key);
		if (after) return { response: after, hit: true };
	}
	const startedAt = pages.generation;
	const renderAndStore = async () => store(key, await render(), Date.now(), startedAt);
	// Waited once already (its render failed or could not be kept), someone else is
	// rendering, or the page was never stored: render without making anyone wait for us.
	if (running || pages.flight(key) || !cacheable.has(key)) {
		return { response: await renderAndStore(), hit: false };
	}
	return { response: await pages.fly(key, renderAndStore), hit: false };
}

/**
 * Stores `response` under `key` when the route opted in, and returns the response to
 * send (its body is read once here, so a new Response is returned).
 */
export async function store(
	key: string,
	response: Response,
	now = Date.now(),
	renderedAt = pages.generation,
): Promise<Response> {
	const marker = response.headers.get(INTERNAL_HEADER);
	if (!marker) return response;
	const headers = new Headers(response.headers);
	headers.delete(INTERNAL_HEADER);
	// A page rendered across an invalidation may show data from before the change (a goal
	// committed mid-render): send it, but do not keep it.
	if (response.status !== 200 || headers.has('set-cookie') || renderedAt !== pages.generation) {
		return new Response(response.body, { status: response.status, headers });
	}
	const body = new Uint8Array(await response.arrayBuffer());
	headers.set('X-Cache', 'MISS');
	if (body.byteLength <= MAX_BODY_BYTES) {
		let parsed: { maxAge: number; tags: string[] };
		try {
			parsed = JSON.parse(marker) as { maxAge: number; tags: string[] };
		} catch {
			return new Response(body, { status: 200, headers });
		}
		pages.delete(key);
		if (cacheable.size >= MAX_CACHEABLE_KEYS) cacheable.clear();
		cacheable.add(key);
		const tags = Array.isArray(parsed.tags) ? parsed.tags.map(String) : [];
		// Stored pages are sent compressed to browsers that accept it (scripts/serve.mjs).
		const vary = headers.get('vary');
		headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
		const page: StoredPage = {
			body,
			status: 200,
			headers: [...headers].filter(([name]) => name !== 'x-cache'),
			encoded: {},
		};
		const expires = now + parsed.maxAge * 1000;
		if (pages.set(key, page, { expires, tags, startedAt: renderedAt })) compress(key, page);
	}
	return new Response(body, { status: 200, headers });
}

/**
 * Makes the page's brotli and gzip copies on libuv's thread pool, so a store never holds
 * the event loop (live pushes run on it). Brotli at quality 5 and gzip at 6: a page is
 * rendered again at every live change, so its copies must be cheap to make (a 30 KB page
 * takes about a millisecond and shrinks about fivefold). Until a copy is ready the page
 * goes out as it is.
 */
function compress(key: string, page: StoredPage): void {
	if (page.body.byteLength < 1024) return;
	// The copies count in the cache's bytes once they exist (the entry may be gone by then).
	const kept = (copy: Uint8Array) => pages.resize(key, page, copy.byteLength);
	brotliCompress(
		page.body,
		{
			params: {
				[zlib.BROTLI_PARAM_QUALITY]: 5,
				[zlib.BROTLI_PARAM_SIZE_HINT]: page.body.byteLength,
			},
		},
		(error, br) => {
			if (error) return;
			page.encoded.br = br;
			kept(br);
		},
	);
	gzip(page.body, { level: 6 }, (error, gz) => {
		if (error) return;
		page.encoded.gzip = gz;
		kept(gz);
	});
}

/** Empties the cache (tests, deploys). */
export function clearRouteCache(): void {
	pages.clear();
	cacheable.clear();
	hits = 0;
	misses = 0;
}

export function routeCacheStats(): {
	entries: number;
	bytes: number;
	hits: number;
	misses: number;
} {
	return { entries: pages.size, bytes: pages.bytes, hits, misses };
}
