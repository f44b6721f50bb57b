#!/usr/bin/env node
/**
 * Issue 28/7: eight clients asking "My matches" for 100 teams slowed another API call from
 * 15 ms to 0.9–2.7 s. This measures, in one run on one server, the latency of an ordinary
 * API call (a day's matches) alone and then while `--clients` keep-alive clients ask
 * /api/follows/matches for a 100-team list as fast as they can; it prints both and their
 * ratio. The data cache is off (each probe reads the database) and the public API's rate
 * limit is raised, so the flood reaches the query rather than the 429.
 *
 *   ASTRO_OUT_DIR=dist npx astro build
 *   ASTRO_OUT_DIR=dist node bench/follows-load.mjs [--database postgres://…] [--seconds 10]
 *     [--clients 8] [--port 4622]
 *
 * Without --database the server starts on a fresh embedded database with the shipped data.
 * Loopback only; the server it starts is stopped at the end.
 */
import http from 'node:http';
import postgres from 'postgres';
import { describeRun } from './lib/run-options.mjs';
import { assertPortFree, startSite } from './lib/site.mjs';

const arg = (name, fallback) => {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? process.argv[i + 1] : fallback;
};
const DATABASE = arg('database');
const SECONDS = Number(arg('seconds', 10));
const CLIENTS = Number(arg('clients', 8));
const PORT = Number(arg('port', 4622));

/** One GET over `agent`: its status and milliseconds. */
function get(agent, path) {
	return new Promise((resolve) => {
		const t0 = performance.now();
		const req = http.get(`http://127.0.0.1:${PORT}${path}`, { agent }, (res) => {
			res.resume();
			res.on('end', () => resolve({ status: res.statusCode, ms: performance.now() - t0 }));
		});
		req.on('error', () => resolve({ status: 0, ms: performance.now() - t0 }));
	});
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];

/** The probe, one request at a time for SECONDS: median, p95 and count. */
async function probe(paths) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
	const times = [];
	const statuses = {};
	const end = Date.now() + SECONDS * 1000;
	for (let i = 0; Date.now() < end; i++) {
		const r = await get(agent, paths[i % paths.length]);
		statuses[r.status] = (statuses[r.status] ?? 0) + 1;
		times.push(r.ms);
	}
	agent.destroy();
	times.sort((a, b) => a - b);
	return { median: quantile(times, 0.5), p95: quantile(times, 0.95), n: times.length, statuses };
}

/** CLIENTS loops on the follows query until `stop` is set; requests done and statuses. */
function flood(path, stop) {
	const agent = new http.Agent({ keepAlive: true, maxSockets: CLIENTS });
	const done = { n: 0, statuses: {} };
	const loop = async () => {
		while (!stop.now) {
			const r = await get(agent, path);
			done.n++;
			done.statuses[r.status] = (done.statuses[r.status] ?? 0) + 1;
		}
	};
	const all = Promise.all(Array.from({ length: CLIENTS }, loop)).then(() => agent.destroy());
	return { done, all };
}

/** 100 busy teams and a few days with matches, from the server's own API. */
async function targets() {
	if (DATABASE) {
		const sql = postgres(DATABASE, { max: 1, onnotice: () => {} });
		try {
			const teams =
				await sql`SELECT home_team_id AS id FROM matches GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 100`;
			const days =
				await sql`SELECT DISTINCT (kickoff_at AT TIME ZONE 'UTC')::date::text AS day FROM matches ORDER BY 1 DESC LIMIT 30`;
			return { teams: teams.map((t) => t.id), days: days.map((d) => d.day) };
		} finally {
			await sql.end({ timeout: 5 });
		}
	}
	// The embedded database: ids of the shipped data, which every import numbers alike.
	return {
		teams: Array.from({ length: 100 }, (_, i) => i + 1),
		days: ['2025-08-16', '2025-08-15', '2024-08-17', '2022-12-18', '2022-12-14'],
	};
}

await assertPortFree(PORT);
const site = await startSite(PORT, {
	...(DATABASE ? { DATABASE_URL: DATABASE } : {}),
	DATA_CACHE: 'off',
	ROUTE_CACHE: 'off',
	LOG_LEVEL: 'warn',
	API_PER_CLIENT_PER_MINUTE: '1000000',
});
try {
	const { teams, days } = await targets();
	const follows = `/api/follows/matches?f=${teams.map((id) => `team:${id}`).join(',')}`;
	const paths = days.map((d) => `/api/v1/matches?date=${d}`);
	await probe(paths.slice(0, 3)); // warm-up: compiled routes, pool, plans
	const alone = await probe(paths);
	const stop = { now: false };
	const load = flood(follows, stop);
	const loaded = await probe(paths);
	stop.now = true;
	await load.all;
	const ms = (v) => `${v.toFixed(1)} ms`;
	console.log(describeRun({ seconds: SECONDS, connections: CLIENTS }));
	console.log(
		`Database: ${DATABASE ? 'PostgreSQL' : 'embedded (PGlite)'}; follows list: ${teams.length} teams`,
	);
	console.log('| probe: GET /api/v1/matches?date=… | median | p95 | requests | statuses |');
	console.log('| --- | --- | --- | --- | --- |');
	const row = (name, r) =>
		console.log(
			`| ${name} | ${ms(r.median)} | ${ms(r.p95)} | ${r.n} | ${JSON.stringify(r.statuses)} |`,
		);
	row('alone', alone);
	row(`with ${CLIENTS} follows clients`, loaded);
	console.log(
		`Ratio (loaded / alone): median ${(loaded.median / alone.median).toFixed(2)}, p95 ${(loaded.p95 / alone.p95).toFixed(2)}; follows requests answered meanwhile: ${load.done.n} ${JSON.stringify(load.done.statuses)}`,
	);
} finally {
	await site.stop();
}
