/**
 * Server side of bench/live-sse.mjs (run through tsx by it; not a benchmark on its own).
 *
 * One process serving, on two loopback ports of plain node:http servers:
 * - the real LiveHub (memory or Redis bus) through the real bare-node handler
 *   (tests/helpers/live-node-handler.ts), on an in-memory PGlite with the real migrations;
 * - a bare node:http SSE broadcaster (a Set of responses, one write per client) as the
 *   baseline for fan-out throughput.
 * The parent drives it over IPC.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../src/server/db/client';
import { applyLiveChange } from '../src/server/live/apply';
import { MemoryBus, RedisBus, type LiveBus } from '../src/server/live/bus';
import { LiveHub } from '../src/server/live/hub';
import { handleLiveRequest } from '../tests/helpers/live-node-handler';
import { formatEvent } from '../src/server/live/sse';
import type { LiveEvent } from '../src/server/live/types';
import { seedMatches } from '../tests/integration/live/helpers';

const now = () => performance.timeOrigin + performance.now();
const redisUrl = process.env.BENCH_REDIS_URL;
const publishes: number[] = [];

/** Stamps the publish time (just after COMMIT) into the payload: the latency's start. */
function stamping(inner: LiveBus): LiveBus {
	return new Proxy(inner, {
		get(target, prop, receiver) {
			if (prop === 'publish') {
				return async (event: LiveEvent) => {
					const t = now();
					event.payload.t = t;
					await target.publish(event);
					publishes.push(now() - t);
				};
			}
			const value = Reflect.get(target, prop, receiver) as unknown;
			return typeof value === 'function'
				? (value as (...a: unknown[]) => unknown).bind(target)
				: value;
		},
	});
}

const handle = await openDatabase('memory://');
const [matchId] = await seedMatches(handle, 1);
const bus = stamping(redisUrl ? new RedisBus(redisUrl) : new MemoryBus());
const hub = new LiveHub({ bus, db: async () => handle.db, maxQueueBytes: 256 * 1024 });
await hub.start();

const hubServer = createServer((req, res) => {
	if (req.url?.startsWith('/api/live')) handleLiveRequest(hub, req, res);
	else res.writeHead(404).end();
});
const bare = new Set<ServerResponse>();
const bareServer = createServer((req, res) => {
	res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache' });
	res.write('retry: 2000\n\n');
	bare.add(res);
	res.once('close', () => bare.delete(res));
});
for (const s of [hubServer, bareServer]) {
	s.maxConnections = 50_000;
	s.keepAliveTimeout = 0;
	s.headersTimeout = 0;
	s.requestTimeout = 0;
}
await new Promise<void>((r) => hubServer.listen(0, '127.0.0.1', 4096, r));
await new Promise<void>((r) => bareServer.listen(0, '127.0.0.1', 4096, r));

const port = (s: typeof hubServer) => (s.address() as AddressInfo).port;
let score = 0;

type Command =
	| { cmd: 'memory' }
	| { cmd: 'commit'; count: number; perSecond: number }
	| { cmd: 'burst'; target: 'hub' | 'bare'; count: number };

async function run(msg: Command): Promise<unknown> {
	if (msg.cmd === 'memory') {
		globalThis.gc?.();
		globalThis.gc?.();
		const m = process.memoryUsage();
		return {
			rss: m.rss,
			heapUsed: m.heapUsed,
			external: m.external,
			clients: hub.stats().clients,
			bare: bare.size,
		};
	}
	if (msg.cmd === 'commit') {
		// Real write path: one transaction per change (match row + log row), publish after COMMIT.
		const gap = 1000 / msg.perSecond;
		const start = now();
		// Time the hub spends writing one event to every client (the memory bus delivers
		// synchronously, so it is the publish call's duration).
		const fanout: number[] = [];
		for (let i = 0; i < msg.count; i++) {
			const due = start + i * gap;
			const wait = due - now();
			if (wait > 0) await new Promise((r) => setTimeout(r, wait));
			score++;
			const before = publishes.length;
			await applyLiveChange(
				{
					matchId: matchId!,
					kind: 'score',
					status: 'live',
					minute: 10,
					score: { home: score, away: 0 },
				},
				{ db: handle.db, bus },
			);
			if (publishes.length > before) fanout.push(publishes.at(-1)!);
		}
		fanout.sort((a, b) => a - b);
		const at = (p: number) =>
			fanout[Math.min(fanout.length - 1, Math.floor(p * fanout.length))] ?? 0;
		return { committed: msg.count, fanoutP50: at(0.5), fanoutP99: at(0.99), stats: hub.stats() };
	}
	// Fan-out only: the same event (formatted once) to every client, as fast as possible.
	// The hub gets contiguous ids straight on its bus, so no database read is involved.
	const base = hub.stats().cursor;
	const started = now();
	for (let i = 1; i <= msg.count; i++) {
		const event: LiveEvent = {
			id: base + i,
			matchId: matchId!,
			kind: 'score',
			payload: {
				status: 'live',
				minute: 10,
				score: { home: i, away: 0 },
				version: i,
				isReplay: false,
				t: now(),
			},
			createdAt: new Date().toISOString(),
		};
		if (msg.target === 'hub') await bus.publish(event);
		else {
			const text = formatEvent(event);
			for (const res of bare) res.write(text);
		}
		// Let the sockets flush between events, as a real feed would.
		if (i % 10 === 0) await new Promise((r) => setImmediate(r));
	}
	return { published: msg.count, ms: now() - started };
}

process.on('message', (msg: Command & { seq: number }) => {
	void run(msg).then(
		(result) => process.send?.({ seq: msg.seq, ok: true, result }),
		(error: Error) => process.send?.({ seq: msg.seq, ok: false, error: error.message }),
	);
});
process.send?.({
	ready: true,
	hubPort: port(hubServer),
	barePort: port(bareServer),
	matchId,
	bus: bus.mode,
});
