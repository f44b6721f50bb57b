#!/usr/bin/env node
/**
 * Goal alerts benchmark (issue 17). Run: `npx node bench/push-goal.mjs` (or
 * `npm run bench push-goal`). Bounded (hard stop after 10 minutes), loopback only.
 *
 * bench/push-goal-run.ts (through tsx) seeds BENCH_SUBSCRIPTIONS (100,000) push
 * subscriptions following one team, commits a goal through the real live write path, times
 * how long the real PushRunner takes to queue one alert per subscription, lets it send with
 * `web-push` to a local HTTPS push service stand-in (another process that verifies VAPID and
 * decrypts every request) for BENCH_SEND_SECONDS (25), and measures the live fan-out
 * (commit→client on 1,000 SSE clients of the real hub, event-loop stalls) before, during and
 * after. In-memory PGlite, and PostgreSQL too when BENCH_DATABASE_URL is set.
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
			new URL('./push-goal-run.ts', import.meta.url).pathname,
		],
		{ stdio: 'inherit', env: { ...process.env, BENCH_URL: url }, timeout: 600_000 },
	);
	if (r.status !== 0) failed++;
}
process.exit(failed ? 1 : 0);
