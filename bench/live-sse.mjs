#!/usr/bin/env node
/**
 * Live SSE benchmark (issue 4). Loopback only, bounded (hard stop after 10 minutes), stops by
 * itself. Run: `npx node bench/live-sse.mjs` (or `npm run bench live-sse`).
 *
 * The server is bench/live-sse-server.ts in a child process: the real LiveHub behind the
 * real bare-node:http handler (not the whole Astro site), on in-memory PGlite, plus a bare
 * node:http SSE broadcaster for comparison. Clients are raw HTTP/1.0 sockets in worker
 * threads of this process. Measures: memory per held client (10,000), commit→client latency at 1,000 and
 * 10,000 clients, fan-out throughput against the bare broadcaster, and the Redis hop
 * (when Redis answers at BENCH_REDIS_URL, default redis://127.0.0.1:6379).
 * Options (env): BENCH_CLIENTS (10000), BENCH_SMALL (1000), BENCH_FANOUT_CLIENTS (2000),
 * BENCH_CLIENT_THREADS (2: client sockets are spread over worker threads).
 */
import { fork, spawnSync } from 'node:child_process';
import { connect } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';

const BIG = Number(process.env.BENCH_CLIENTS ?? 10_000);
const SMALL = Number(process.env.BENCH_SMALL ?? 1_000);
const FANOUT = Number(process.env.BENCH_FANOUT_CLIENTS ?? 2_000);
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const THREADS = Number(process.env.BENCH_CLIENT_THREADS ?? 2);

// File descriptors: each held client is one socket here and one in the server. Re-run
// through bash with the hard limit when the soft one is too low.
if (!process.env.LIVE_BENCH_CHILD) {
	const r = spawnSync(
		'bash',
		['-c', `ulimit -n $(ulimit -Hn) 2>/dev/null; exec "${process.execPath}" "${process.argv[1]}"`],
		{
			stdio: 'inherit',
			env: { ...process.env, LIVE_BENCH_CHILD: '1' },
		},
	);
	process.exit(r.status ?? 1);
}

const hardStop = setTimeout(() => {
	console.error('live-sse: hard time limit reached, stopping');
	process.exit(2);
}, 10 * 60_000);
hardStop.unref();

const now = () => performance.timeOrigin + performance.now();

function startServer(env = {}) {
	const child = fork(new URL('./live-sse-server.ts', import.meta.url).pathname, [], {
		execArgv: ['--import', 'tsx', '--expose-gc', '--max-old-space-size=4096'],
		env: { ...process.env, ...env, NODE_ENV: 'production', LOG_LEVEL: 'error' },
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	let seq = 0;
	const waiting = new Map();
	let ready;
	const readyP = new Promise((r) => (ready = r));
	child.on('message', (m) => {
		if (m.ready) ready(m);
		else waiting.get(m.seq)?.(m);
	});
	return {
		child,
		ready: readyP,
		call(msg) {
			const s = ++seq;
			return new Promise((resolve, reject) => {
				waiting.set(s, (m) => (m.ok ? resolve(m.result) : reject(new Error(m.error))));
				child.send({ ...msg, seq: s });
			});
		},
		stop() {
			child.kill('SIGKILL');
		},
	};
}

/** Client sockets live in worker threads (bench/lib/live-sse-clients.mjs), spread evenly. */
class Pool {
	constructor(threads) {
		this.seq = 0;
		this.waiting = new Map();
		this.workers = Array.from({ length: threads }, () => {
			const w = new Worker(new URL('./lib/live-sse-clients.mjs', import.meta.url));
			w.on('message', (m) => this.waiting.get(m.seq)?.(m));
			return w;
		});
	}
	call(w, msg) {
		const seq = ++this.seq;
		return new Promise((resolve) => {
			this.waiting.set(seq, resolve);
			w.postMessage({ ...msg, seq });
		});
	}
	all(msg) {
		return Promise.all(this.workers.map((w) => this.call(w, msg)));
	}
	async open(port, path, n) {
		const per = Math.ceil(n / this.workers.length);
		await Promise.all(
			this.workers.map((w, i) =>
				this.call(w, { cmd: 'open', port, path, n: Math.max(0, Math.min(per, n - i * per)) }),
			),
		);
	}
	async minEvents() {
		const r = await this.all({ cmd: 'counts' });
		return Math.min(...r.filter((x) => x.n > 0).map((x) => x.min));
	}
	async samples() {
		const r = await this.all({ cmd: 'samples' });
		return r.flatMap((x) => Array.from(x.samples));
	}
	async keep(total) {
		const per = Math.ceil(total / this.workers.length);
		await this.all({ cmd: 'close', keep: per });
	}
	end() {
		for (const w of this.workers) void w.terminate();
	}
}

const pct = (sorted, p) =>
	sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
function summary(samples) {
	const s = Float64Array.from(samples).sort();
	return { n: s.length, p50: pct(s, 50), p99: pct(s, 99), max: s.at(-1) ?? NaN };
}
const ms = (v) => `${v.toFixed(1)} ms`;

async function latencyRun(server, pool, commits, perSecond) {
	// Warm-up (JIT, socket buffers): a few events whose samples are discarded.
	const warm = await pool.minEvents();
	await server.call({ cmd: 'commit', count: 10, perSecond });
	while ((await pool.minEvents()) - warm < 10) await new Promise((res) => setTimeout(res, 50));
	await pool.samples();
	const before = await pool.minEvents();
	const r = await server.call({ cmd: 'commit', count: commits, perSecond });
	const end = Date.now() + 60_000;
	while ((await pool.minEvents()) - before < commits) {
		if (Date.now() > end) throw new Error('timed out waiting for clients');
		await new Promise((res) => setTimeout(res, 50));
	}
	return {
		...summary(await pool.samples()),
		serverFanoutP50: r.fanoutP50,
		serverFanoutP99: r.fanoutP99,
	};
}

const results = { date: new Date().toISOString(), node: process.version };
console.log(`live-sse: ${BIG} clients, latency at ${SMALL} and ${BIG}, fan-out at ${FANOUT}`);

// 1. Memory bus: hold clients, memory, latency at SMALL and BIG.
{
	const server = startServer();
	const info = await server.ready;
	const path = `/api/live?matches=${info.matchId}`;
	const base = await server.call({ cmd: 'memory' });
	const pool = new Pool(THREADS);
	await pool.open(info.hubPort, path, SMALL);
	results.latencySmall = await latencyRun(server, pool, 200, 20);
	console.log(
		`memory bus, ${SMALL} clients: commit→client p50 ${ms(results.latencySmall.p50)}, p99 ${ms(results.latencySmall.p99)}, max ${ms(results.latencySmall.max)} (${results.latencySmall.n} samples); server fan-out per event p50 ${ms(results.latencySmall.serverFanoutP50)}, p99 ${ms(results.latencySmall.serverFanoutP99)}`,
	);
	const t0 = now();
	await pool.open(info.hubPort, path, BIG - SMALL);
	results.connectSeconds = (now() - t0) / 1000;
	const held = await server.call({ cmd: 'memory' });
	results.held = held.clients;
	results.memoryPerClient = {
		rssBytes: (held.rss - base.rss) / held.clients,
		heapBytes: (held.heapUsed - base.heapUsed) / held.clients,
	};
	console.log(
		`held ${held.clients} clients (opened ${BIG - SMALL} in ${results.connectSeconds.toFixed(1)} s); server RSS ${(held.rss / 2 ** 20).toFixed(0)} MiB, +${(results.memoryPerClient.rssBytes / 1024).toFixed(1)} KB RSS and +${(results.memoryPerClient.heapBytes / 1024).toFixed(1)} KB heap per client`,
	);
	results.latencyBig = await latencyRun(server, pool, 60, 4);
	console.log(
		`memory bus, ${BIG} clients: commit→client p50 ${ms(results.latencyBig.p50)}, p99 ${ms(results.latencyBig.p99)}, max ${ms(results.latencyBig.max)} (${results.latencyBig.n} samples); server fan-out per event p50 ${ms(results.latencyBig.serverFanoutP50)}, p99 ${ms(results.latencyBig.serverFanoutP99)}`,
	);

	// 2. Fan-out throughput: FANOUT hub clients vs FANOUT bare clients, same events.
	await pool.keep(FANOUT);
	await new Promise((r) => setTimeout(r, 1000));
	const bare = new Pool(THREADS);
	await bare.open(info.barePort, '/', FANOUT);
	const EVENTS = 300;
	for (const [name, list] of [
		['hub', pool],
		['bare', bare],
		['hub', pool],
		['bare', bare],
	]) {
		const before = await list.minEvents();
		const start = now();
		await server.call({ cmd: 'burst', target: name, count: EVENTS });
		while ((await list.minEvents()) - before < EVENTS) await new Promise((r) => setTimeout(r, 5));
		const rate = (FANOUT * EVENTS) / ((now() - start) / 1000);
		// Two rounds each, alternating; the better round counts (warm-up noise).
		results[`fanout_${name}`] = Math.max(results[`fanout_${name}`] ?? 0, rate);
		await list.samples();
	}
	results.fanoutRatio = results.fanout_hub / results.fanout_bare;
	console.log(
		`fan-out, ${FANOUT} clients × ${EVENTS} events: hub ${Math.round(results.fanout_hub)} msg/s, bare node:http ${Math.round(results.fanout_bare)} msg/s → ${(results.fanoutRatio * 100).toFixed(0)} %`,
	);
	pool.end();
	bare.end();
	server.stop();
}

// 3. Redis hop: the same SMALL-client latency run with the Redis bus.
{
	const ping = await new Promise((resolve) => {
		const url = new URL(REDIS);
		const s = connect(Number(url.port || 6379), url.hostname);
		s.on('error', () => resolve(false));
		s.on('connect', () => s.end(() => resolve(true)));
	});
	if (!ping) console.log(`redis: not reachable at ${REDIS}, hop not measured`);
	else {
		const server = startServer({ BENCH_REDIS_URL: REDIS });
		const info = await server.ready;
		await new Promise((r) => setTimeout(r, 500));
		const pool = new Pool(THREADS);
		await pool.open(info.hubPort, `/api/live?matches=${info.matchId}`, SMALL);
		results.latencyRedis = await latencyRun(server, pool, 200, 20);
		console.log(
			`redis bus, ${SMALL} clients: commit→client p50 ${ms(results.latencyRedis.p50)}, p99 ${ms(results.latencyRedis.p99)}, max ${ms(results.latencyRedis.max)}; hop cost p50 +${ms(results.latencyRedis.p50 - results.latencySmall.p50)}`,
		);
		pool.end();
		server.stop();
	}
}

console.log(JSON.stringify(results));
process.exit(0);
