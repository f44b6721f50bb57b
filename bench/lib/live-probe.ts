/**
 * The live fan-out, measured while another piece of work runs in the same process (used by
 * bench/games-settle-run.ts and bench/push-goal-run.ts; not a benchmark on its own).
 *
 * The real LiveHub behind the real bare-node handler on a loopback port, SSE clients in
 * worker threads (bench/lib/live-probe-clients.mjs), and a steady stream of changes to
 * "probe" matches through the real write path (`applyLiveChange`). Every probe event
 * carries two stamps: `s`, when the change was due (the schedule, so a stalled event loop
 * that delays the submission counts), and `t`, when it was published just after COMMIT.
 * The clients measure both at arrival: due→client and commit→client. `phase()` returns
 * what arrived since the previous call, with the event loop's longest stall meanwhile.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import type { Database } from '../../src/server/db/client';
import { applyLiveChange } from '../../src/server/live/apply';
import { type LiveBus, MemoryBus } from '../../src/server/live/bus';
import { LiveHub } from '../../src/server/live/hub';
import type { LiveEvent } from '../../src/server/live/types';
import { handleLiveRequest } from '../../tests/helpers/live-node-handler';

const now = () => performance.timeOrigin + performance.now();

export interface Latency {
	n: number;
	p50: number;
	p99: number;
	max: number;
}
export interface PhaseResult {
	/** commit (publish after COMMIT) → bytes at the client */
	commit: Latency;
	/** change due → bytes at the client (includes waiting for the writer lock) */
	due: Latency;
	/** probe changes published in the phase, per second (the goal is `perSecond`) */
	rate: number;
	/** the event loop's longest stall in the phase */
	blockedMs: number;
	seconds: number;
}

export interface LiveProbe {
	/** Pass this bus to every applyLiveChange of the bench: the hub listens on it. */
	bus: LiveBus;
	clients: number;
	perSecond: number;
	/** Starts the steady changes (after seeding: a seed that stalls the loop would pile them up). */
	run(): void;
	/** What arrived since the previous call (waits `settleMs` first for stragglers). */
	phase(settleMs?: number): Promise<PhaseResult>;
	close(): Promise<void>;
}

function latency(values: Float64Array): Latency {
	const s = values.sort();
	const at = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? Number.NaN;
	return { n: s.length, p50: at(0.5), p99: at(0.99), max: s.at(-1) ?? Number.NaN };
}

export async function startLiveProbe(opts: {
	db: Database;
	/** Matches only the probe changes (they are set live here). */
	matchIds: string[];
	clients?: number;
	perSecond?: number;
	workers?: number;
}): Promise<LiveProbe> {
	const clients = opts.clients ?? 1000;
	const perSecond = opts.perSecond ?? 20;
	const probeIds = new Set(opts.matchIds);
	// Due times of probe changes not yet published, per match (the write path keeps order).
	const due = new Map<string, number[]>(opts.matchIds.map((id) => [id, []]));
	const inner = new MemoryBus();
	const bus = new Proxy(inner, {
		get(target, prop, receiver) {
			if (prop === 'publish') {
				return async (event: LiveEvent) => {
					event.payload['t'] = now();
					if (probeIds.has(event.matchId) && event.kind === 'score') {
						event.payload['s'] = due.get(event.matchId)?.shift();
					}
					await target.publish(event);
				};
			}
			const value = Reflect.get(target, prop, receiver) as unknown;
			return typeof value === 'function'
				? (value as (...a: unknown[]) => unknown).bind(target)
				: value;
		},
	}) as LiveBus;

	for (const id of opts.matchIds) {
		await applyLiveChange(
			{ matchId: id, kind: 'status', status: 'live', minute: 5, score: { home: 0, away: 0 } },
			{ db: opts.db, bus },
		);
	}
	const hub = new LiveHub({ bus, db: async () => opts.db });
	await hub.start();
	const server = createServer((req, res) => {
		if (req.url?.startsWith('/api/live')) handleLiveRequest(hub, req, res);
		else res.writeHead(404).end();
	});
	server.maxConnections = 50_000;
	server.keepAliveTimeout = 0;
	server.headersTimeout = 0;
	server.requestTimeout = 0;
	await new Promise<void>((r) => server.listen(0, '127.0.0.1', 4096, r));
	const port = (server.address() as AddressInfo).port;

	const workers = Array.from(
		{ length: opts.workers ?? 2 },
		() => new Worker(new URL('./live-probe-clients.mjs', import.meta.url)),
	);
	let seq = 0;
	const waiting = new Map<number, (m: Record<string, unknown>) => void>();
	for (const w of workers)
		w.on('message', (m: { seq: number }) => waiting.get(m.seq)?.(m as Record<string, unknown>));
	const call = (w: Worker, msg: Record<string, unknown>) =>
		new Promise<Record<string, unknown>>((resolve) => {
			const s = ++seq;
			waiting.set(s, resolve);
			w.postMessage({ ...msg, seq: s });
		});
	const path = `/api/live?matches=${opts.matchIds.join(',')}`;
	const per = Math.ceil(clients / workers.length);
	await Promise.all(
		workers.map((w, i) =>
			call(w, { cmd: 'open', port, path, n: Math.max(0, Math.min(per, clients - i * per)) }),
		),
	);

	// The event loop's longest stall: the largest gap between turns of a 5 ms ticker.
	let lastTurn = performance.now();
	let blocked = 0;
	const loopTicker = setInterval(() => {
		const t = performance.now();
		blocked = Math.max(blocked, t - lastTurn);
		lastTurn = t;
	}, 5);

	// Steady changes, round-robin over the probe matches, stamped with their due time.
	const gap = 1000 / perSecond;
	let start = 0;
	let n = 0;
	let stopped = false;
	const pending = new Set<Promise<unknown>>();
	let timer: NodeJS.Timeout | undefined;
	const tick = () => {
		if (stopped) return;
		// Everything that fell due while the loop was stalled goes out now, each with its due time.
		while (start + n * gap <= now()) {
			const id = opts.matchIds[n % opts.matchIds.length]!;
			const k = Math.floor(n / opts.matchIds.length);
			due.get(id)!.push(start + n * gap);
			n++;
			const p = applyLiveChange(
				{
					matchId: id,
					kind: 'score',
					status: 'live',
					minute: 6 + (k % 80),
					score: { home: k % 9, away: 0 },
				},
				{ db: opts.db, bus },
			).catch((error: Error) => console.error('[probe]', error.message));
			pending.add(p);
			void p.finally(() => pending.delete(p));
		}
		timer = setTimeout(tick, Math.max(0, start + n * gap - now()));
	};
	let phaseStart = now();

	return {
		bus,
		clients,
		perSecond,
		run() {
			start = now();
			phaseStart = start;
			blocked = 0;
			lastTurn = performance.now();
			tick();
		},
		async phase(settleMs = 300) {
			await new Promise((r) => setTimeout(r, settleMs));
			const parts = await Promise.all(workers.map((w) => call(w, { cmd: 'samples' })));
			const join = (key: 'commit' | 'submit') =>
				Float64Array.from(parts.flatMap((p) => Array.from(p[key] as Float64Array)));
			blocked = Math.max(blocked, performance.now() - lastTurn);
			const seconds = (now() - phaseStart) / 1000;
			const result: PhaseResult = {
				rate: clients ? join('commit').length / clients / seconds : 0,
				commit: latency(join('commit')),
				due: latency(join('submit')),
				blockedMs: blocked,
				seconds,
			};
			blocked = 0;
			phaseStart = now();
			return result;
		},
		async close() {
			stopped = true;
			clearTimeout(timer);
			await Promise.all(pending);
			clearInterval(loopTicker);
			await Promise.all(workers.map((w) => call(w, { cmd: 'close' })));
			await Promise.all(workers.map((w) => w.terminate()));
			await hub.close();
			server.closeAllConnections();
			await new Promise((r) => server.close(r));
		},
	};
}

export const fmtLatency = (l: Latency) =>
	l.n === 0
		? 'no samples'
		: `p50 ${l.p50.toFixed(1)} ms, p99 ${l.p99.toFixed(1)} ms, max ${l.max.toFixed(1)} ms (${l.n.toLocaleString('en')} samples)`;

/** One line per phase, for the bench's output. */
export function printPhase(name: string, r: PhaseResult, clients: number): void {
	console.log(
		`  live fan-out ${name} (${r.seconds.toFixed(1)} s, ${clients} SSE clients, ${r.rate.toFixed(1)} changes/s published): commit→client ${fmtLatency(r.commit)}; due→client ${fmtLatency(r.due)}; event loop blocked at most ${r.blockedMs.toFixed(0)} ms`,
	);
}
