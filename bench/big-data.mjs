#!/usr/bin/env node
/**
 * A hundred times the data (issue 18): uncached latency of the busiest pages and API calls
 * on the shipped data set and on the large synthetic one (`npm run data:synthetic`), both in
 * PostgreSQL, in one run. The route cache and the data cache are off (ROUTE_CACHE=off,
 * DATA_CACHE=off) and requests cycle through different days, matches, teams, pairs and
 * seasons: each request is a render and its database round trips.
 *
 *   npm run build
 *   DATABASE_URL=postgres://…/shipped npm run data:import
 *   DATABASE_URL=postgres://…/big npm run data:synthetic -- --seed 1 --scale 1
 *   npx node bench/big-data.mjs --shipped postgres://…/shipped --big postgres://…/big \
 *     [--requests 300] [--connections 4] [--port 4541]
 *
 * Also prints each query plan's scan types for the pages (none may be a sequential scan of
 * matches or match_events: tests/integration/football/query-plans.test.ts checks that).
 * Loopback only; the server it starts is stopped at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import postgres from 'postgres';
import { describeRun } from './lib/run-options.mjs';

const arg = (name, fallback) => {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? process.argv[i + 1] : fallback;
};
const SHIPPED = arg('shipped');
const BIG = arg('big');
const REQUESTS = Number(arg('requests', 300));
const CONNECTIONS = Number(arg('connections', 4));
const PORT = Number(arg('port', 4541));
const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
if (!SHIPPED || !BIG) {
	console.error('usage: node bench/big-data.mjs --shipped <postgres url> --big <postgres url>');
	process.exit(2);
}

/** Distinct addresses of each kind, sampled the same way from either database. */
async function addresses(url) {
	const sql = postgres(url, { max: 1, onnotice: () => {} });
	try {
		const n = REQUESTS + 50;
		const days =
			await sql`SELECT d::text AS day FROM (SELECT DISTINCT (kickoff_at AT TIME ZONE 'UTC')::date AS d FROM matches) x
			ORDER BY md5(d::text) LIMIT ${n}`;
		const matches = await sql`SELECT id FROM matches ORDER BY md5(id::text) LIMIT ${n}`;
		const teams =
			await sql`SELECT slug FROM teams t WHERE EXISTS (SELECT 1 FROM matches m WHERE m.home_team_id = t.id)
			ORDER BY md5(slug) LIMIT ${n}`;
		const pairs =
			await sql`SELECT DISTINCT ON (least(home_team_id, away_team_id), greatest(home_team_id, away_team_id))
			th.slug AS a, ta.slug AS b, md5(m.id::text) AS o FROM matches m
			JOIN teams th ON th.id = m.home_team_id JOIN teams ta ON ta.id = m.away_team_id
			ORDER BY least(home_team_id, away_team_id), greatest(home_team_id, away_team_id), o`;
		pairs.sort((x, y) => (x.o < y.o ? -1 : 1));
		const seasons = await sql`SELECT s.competition_id AS id, c.slug, s.label,
			s.label = (SELECT max(label) FROM seasons z WHERE z.competition_id = s.competition_id) AS latest
			FROM seasons s JOIN competitions c ON c.id = s.competition_id ORDER BY md5(s.id::text)`;
		const cycle = (list, make) => Array.from({ length: n }, (_, i) => make(list[i % list.length]));
		const league = (s) => `/en/league/${s.slug}${s.latest ? '' : `?season=${s.label}`}`;
		return {
			home: cycle(days, (d) => `/en/home-${d.day}`),
			match: cycle(matches, (m) => `/en/match/${m.id}`),
			league: cycle(seasons, league),
			team: cycle(teams, (t) => `/en/team/${t.slug}`),
			'head-to-head': cycle(pairs, (p) => `/en/team/head-to-head/${p.a}-vs-${p.b}`),
			'api standings': cycle(
				seasons,
				(s) => `/api/v1/competitions/${s.id}/standings?season=${s.label}`,
			),
			'api matches': cycle(days, (d) => `/api/v1/matches?date=${d.day}`),
			distinct: {
				days: days.length,
				matches: matches.length,
				teams: teams.length,
				pairs: pairs.length,
				seasons: seasons.length,
			},
		};
	} finally {
		await sql.end({ timeout: 5 });
	}
}

async function startSite(databaseUrl) {
	const dataDir = mkdtempSync(join(tmpdir(), 'bench-big-'));
	const child = spawn(process.execPath, ['scripts/serve.mjs'], {
		env: {
			...process.env,
			ASTRO_OUT_DIR: outDir,
			HOST: '127.0.0.1',
			PORT: String(PORT),
			DATA_DIR: dataDir,
			DATABASE_URL: databaseUrl,
			FEED: 'off',
			ROUTE_CACHE: 'off',
			DATA_CACHE: 'off',
			LOG_LEVEL: 'warn',
			SITE_URL: `http://127.0.0.1:${PORT}`,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	const deadline = Date.now() + 180_000;
	while (Date.now() < deadline) {
		try {
			const r = await fetch(`http://127.0.0.1:${PORT}/robots.txt`);
			if (r.ok) break;
		} catch {}
		await new Promise((r) => setTimeout(r, 500));
	}
	return () => {
		child.kill('SIGTERM');
		rmSync(dataDir, { recursive: true, force: true });
	};
}

/** `urls` in order over `CONNECTIONS` keep-alive connections; latency of each. */
async function run(urls) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
	const latencies = [];
	const statuses = {};
	let next = 0;
	const one = (path) =>
		new Promise((resolve) => {
			const t0 = performance.now();
			const req = http.get(
				`http://127.0.0.1:${PORT}${path}`,
				{ agent, headers: { Cookie: 'i18n_redirected=en' } },
				(res) => {
					res.resume();
					res.on('end', () => {
						statuses[res.statusCode] = (statuses[res.statusCode] ?? 0) + 1;
						latencies.push(performance.now() - t0);
						resolve();
					});
				},
			);
			req.on('error', () => {
				statuses.error = (statuses.error ?? 0) + 1;
				resolve();
			});
		});
	const started = performance.now();
	await Promise.all(
		Array.from({ length: CONNECTIONS }, async () => {
			while (next < urls.length) await one(urls[next++]);
		}),
	);
	const elapsed = (performance.now() - started) / 1000;
	agent.destroy();
	latencies.sort((a, b) => a - b);
	const pct = (p) =>
		latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))];
	return { rps: latencies.length / elapsed, p50: pct(50), p99: pct(99), statuses };
}

async function measure(label, url) {
	const pools = await addresses(url);
	console.log(`${label}: distinct ${JSON.stringify(pools.distinct)}`);
	const stop = await startSite(url);
	const results = {};
	try {
		for (const [kind, urls] of Object.entries(pools)) {
			if (kind === 'distinct') continue;
			// The first requests of each kind load code and warm the JIT: not measured.
			await run(urls.slice(REQUESTS, REQUESTS + 50));
			results[kind] = await run(urls.slice(0, REQUESTS));
		}
	} finally {
		stop();
		await new Promise((r) => setTimeout(r, 1000));
	}
	return results;
}

console.log(describeRun({ seconds: '-', connections: CONNECTIONS }));
console.log(`Requests: ${REQUESTS} per page kind after 50 unmeasured, route and data caches off`);
const shipped = await measure('shipped', SHIPPED);
const big = await measure('big', BIG);
const fmt = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
console.log(
	'\n| page | shipped req/s | shipped p50 ms | shipped p99 ms | big req/s | big p50 ms | big p99 ms | big p99 / shipped p99 | statuses (big) |',
);
console.log('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |');
for (const kind of Object.keys(shipped)) {
	const s = shipped[kind];
	const b = big[kind];
	console.log(
		`| ${kind} | ${fmt(s.rps)} | ${fmt(s.p50)} | ${fmt(s.p99)} | ${fmt(b.rps)} | ${fmt(b.p50)} | ${fmt(b.p99)} | ${fmt(b.p99 / s.p99)}× | ${JSON.stringify(b.statuses)} |`,
	);
}
console.log(
	`\nshipped statuses: ${JSON.stringify(Object.fromEntries(Object.entries(shipped).map(([k, v]) => [k, v.statuses])))}`,
);
