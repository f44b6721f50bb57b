#!/usr/bin/env node
/**
 * Live games settlement benchmark (issue 16). Run: `npx node bench/games-settle.mjs` (or
 * `npm run bench games-settle`). Bounded (hard stop after 10 minutes), loopback only.
 *
 * bench/games-settle-run.ts (through tsx) seeds one match with its three games and
 * BENCH_PICKS (100,000) picks, one per visitor, then commits full time through the real
 * live write path (`applyLiveChange`: match update, log append, settlement of all three
 * games and the `game` event in one transaction) and reports how long that took, and the
 * longest the event loop was blocked meanwhile (what the live fan-out in that process
 * would have waited), and the live fan-out's commit→client latency on 1,000 SSE clients of
 * the real hub before, during and after (bench/lib/live-probe.ts). In-memory PGlite, and
 * PostgreSQL too when BENCH_DATABASE_URL is set.
 */
import { spawnSync } from 'node:child_process';

const engines = ['memory://'];
if (process.env.BENCH_DATABASE_URL) engines.push(process.env.BENCH_DATABASE_URL);
let failed = 0;
for (const url of engines) {
	const r = spawnSync(
		process.execPath,
		[
			'--import',
			'tsx',
			'--import',
			new URL('./lib/vite-glob.mjs', import.meta.url).pathname,
			new URL('./games-settle-run.ts', import.meta.url).pathname,
		],
		{ stdio: 'inherit', env: { ...process.env, BENCH_URL: url }, timeout: 600_000 },
	);
	if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
