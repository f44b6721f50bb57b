#!/usr/bin/env node
/**
 * Issue 18, "all the cores": requests per second of `npm start` (scripts/start.mjs) with one
 * server process and with two (WEB_CONCURRENCY), on PostgreSQL and Redis, in one run.
 * Uncached renders (ROUTE_CACHE=off) are the work that needs the cores; cached hits are
 * measured too. The load generator runs in this process, on the same machine.
 *
 *   npm run build && BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres \
 *     node bench/workers.mjs [--seconds 8] [--connections 16] [--port 4680]
 *
 * Creates and drops its own database beside BENCH_DATABASE_URL's; Redis from
 * BENCH_REDIS_URL (default redis://127.0.0.1:6379). Loopback only; stops by itself.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { load } from './lib/load.mjs';
import { describeRun, loadOptions } from './lib/run-options.mjs';

const options = loadOptions();
const BASE = process.env.BENCH_DATABASE_URL;
const REDIS = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
if (!BASE) {
	console.log('BENCH_DATABASE_URL is not set: several workers need PostgreSQL; skipped.');
	process.exit(0);
}
const portArg = process.argv.indexOf('--port');
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 4680;
const NAME = `bench_workers_${process.pid}`;
const admin = postgres(BASE, { max: 1, onnotice: () => {} });
await admin.unsafe(`CREATE DATABASE ${NAME}`);
const url = new URL(BASE);
url.pathname = `/${NAME}`;

async function startSite(workers, routeCache) {
	const dataDir = mkdtempSync(join(tmpdir(), 'bench-workers-'));
	const child = spawn(process.execPath, ['scripts/start.mjs'], {
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(PORT),
			SITE_URL: `http://127.0.0.1:${PORT}`,
			DATA_DIR: dataDir,
			DATABASE_URL: url.href,
			REDIS_URL: REDIS,
			WEB_CONCURRENCY: String(workers),
			ROUTE_CACHE: routeCache,
			FEED: 'off',
			LOG_LEVEL: 'warn',
		},
		stdio: ['ignore', 'pipe', 'inherit'],
	});
	let out = '';
	child.stdout.on('data', (c) => (out += c));
	// Up when it answers; with several processes, when the primary has forked them all (its
	// own line: one process alone logs through the site's logger, quiet at LOG_LEVEL=warn).
	const up = () =>
		fetch(`http://127.0.0.1:${PORT}/robots.txt`).then(
			(r) => r.ok,
			() => false,
		);
	const deadline = Date.now() + 300_000;
	while (!(await up()) || (workers > 1 && !out.includes(`${workers} server processes`))) {
		if (child.exitCode !== null || Date.now() > deadline) throw new Error(`start failed:\n${out}`);
		await new Promise((r) => setTimeout(r, 200));
	}
	// The later workers listen a moment after the primary says so.
	await new Promise((r) => setTimeout(r, 1500));
	return {
		stop: async () => {
			const exited = new Promise((r) => child.once('exit', r));
			child.kill('SIGTERM');
			await exited;
			rmSync(dataDir, { recursive: true, force: true });
		},
	};
}

const rows = [];
try {
	let matchPath;
	for (const routeCache of ['off', 'on']) {
		for (const workers of [1, 2]) {
			const site = await startSite(workers, routeCache);
			try {
				if (!matchPath) {
					const day = await (
						await fetch(`http://127.0.0.1:${PORT}/api/v1/matches?date=2022-12-18`)
					).json();
					matchPath = `/en/match/${day.competitions[0].matches[0].id}`;
				}
				for (const path of ['/en', matchPath]) {
					const target = `http://127.0.0.1:${PORT}${path}`;
					await load({ url: target, connections: options.connections, seconds: 2 }); // warm
					const r = await load({ url: target, ...options });
					rows.push({ routeCache, workers, path, ...r });
				}
			} finally {
				await site.stop();
			}
		}
	}
} finally {
	await admin.unsafe(`DROP DATABASE IF EXISTS ${NAME} WITH (FORCE)`);
	await admin.end({ timeout: 5 });
}

console.log(describeRun(options));
console.log('| route cache | page | 1 process req/s (p99) | 2 processes req/s (p99) | gain |');
console.log('| --- | --- | --: | --: | --: |');
for (const one of rows.filter((r) => r.workers === 1)) {
	const two = rows.find(
		(r) => r.workers === 2 && r.path === one.path && r.routeCache === one.routeCache,
	);
	const cell = (r) =>
		`${Math.round(r.rps)} (${r.p99.toFixed(1)} ms)${r.errors ? ` ${r.errors} errors` : ''}`;
	const page = one.path === '/en' ? 'home' : 'match';
	console.log(
		`| ${one.routeCache} | ${page} | ${cell(one)} | ${cell(two)} | ${(two.rps / one.rps).toFixed(2)}× |`,
	);
}
