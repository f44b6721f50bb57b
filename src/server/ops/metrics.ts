import { timingSafeEqual } from 'node:crypto';
import client from 'prom-client';
import { config } from '../config';
import { liveHubIfStarted } from '../live/runtime';
import { openedDatabase } from '../db/client';
import { routeCacheStats } from '../cache/route-cache';

/**
 * Prometheus metrics (prom-client) for GET /metrics: requests by route (rate and latency),
 * route-cache hits, SSE clients, the live bus's state, the database pool. Off (404) unless
 * METRICS_TOKEN is set, then only for `Authorization: Bearer <METRICS_TOKEN>` (401).
 */
const registry = new client.Registry();
client.collectDefaultMetrics({ register: registry, prefix: 'matchday_' });

const requests = new client.Counter({
	name: 'matchday_http_requests_total',
	help: 'HTTP requests answered, by method, route pattern and status',
	labelNames: ['method', 'route', 'status'] as const,
	registers: [registry],
});

const latency = new client.Histogram({
	name: 'matchday_http_request_duration_seconds',
	help: 'Time from request to the end of the response, by route pattern',
	labelNames: ['method', 'route'] as const,
	buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
	registers: [registry],
});

const routeCache = new client.Counter({
	name: 'matchday_route_cache_requests_total',
	help: 'Pages answered by the route cache (hit) or rendered (miss), from the X-Cache header',
	labelNames: ['result'] as const,
	registers: [registry],
});

new client.Gauge({
	name: 'matchday_sse_clients',
	help: 'Open live-score (SSE) connections',
	registers: [registry],
	collect() {
		this.set(liveHubIfStarted()?.stats().clients ?? 0);
	},
});

new client.Gauge({
	name: 'matchday_route_cache_pages',
	help: 'Pages held by the route cache (anonymous and member copies)',
	registers: [registry],
	collect() {
		this.set(routeCacheStats().entries);
	},
});

new client.Gauge({
	name: 'matchday_route_cache_bytes',
	help: 'What the route cache holds, by its own count (bodies, compressed copies, headers, keys); at most ROUTE_CACHE_MAX_MB',
	registers: [registry],
	collect() {
		this.set(routeCacheStats().bytes);
	},
});

const BUS_MODES = ['memory', 'redis', 'degraded'] as const;
new client.Gauge({
	name: 'matchday_live_bus_state',
	help: 'The live bus mode: 1 for the current one (memory, redis, or degraded: Redis unreachable)',
	labelNames: ['mode'] as const,
	registers: [registry],
	collect() {
		const mode = liveHubIfStarted()?.bus.mode;
		for (const m of BUS_MODES) this.set({ mode: m }, m === mode ? 1 : 0);
	},
});

new client.Gauge({
	name: 'matchday_db_pool_connections',
	help: 'Database connections: the pool size (max) and those open now (PGlite: one, in-process)',
	labelNames: ['engine', 'state'] as const,
	registers: [registry],
	collect() {
		const pool = openedDatabase()?.pool();
		this.reset();
		if (!pool) return;
		this.set({ engine: pool.engine, state: 'max' }, pool.max);
		if (pool.open !== undefined) this.set({ engine: pool.engine, state: 'open' }, pool.open);
	},
});

/** The route label: a pattern, never a raw path (unbounded label values would grow forever). */
export function observeRequest(
	method: string,
	route: string,
	status: number,
	seconds: number,
	cache: string | undefined,
): void {
	const m = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'].includes(method)
		? method
		: 'OTHER';
	requests.inc({ method: m, route, status: String(status) });
	latency.observe({ method: m, route }, seconds);
	if (cache === 'HIT' || cache === 'MISS') routeCache.inc({ result: cache.toLowerCase() });
}

function sameSecret(given: string, expected: string): boolean {
	const a = Buffer.from(given);
	const b = Buffer.from(expected);
	return a.length === b.length && timingSafeEqual(a, b);
}

/** The answer to GET /metrics given the request's Authorization header. */
export async function metricsAnswer(
	authorization: string | undefined,
): Promise<{ status: number; type: string; body: string }> {
	const token = config().METRICS_TOKEN;
	if (!token) return { status: 404, type: 'text/plain; charset=utf-8', body: 'Not found.' };
	const given = /^Bearer (.+)$/.exec(authorization ?? '')?.[1];
	if (!given || !sameSecret(given, token))
		return { status: 401, type: 'text/plain; charset=utf-8', body: 'Unauthorized.' };
	return { status: 200, type: registry.contentType, body: await registry.metrics() };
}
