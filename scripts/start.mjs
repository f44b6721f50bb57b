#!/usr/bin/env node
/**
 * `npm start`: builds the site when no build exists (a fresh clone), then serves it on
 * http://localhost:4321 with the embedded defaults (PGlite under .data/, replay feed,
 * sandbox payments, mail to .data/outbox). `npm start -- --rebuild` forces a build.
 * On PostgreSQL and Redis it runs one server process per core (WEB_CONCURRENCY).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { runPrimary, WorkerPlanError, workerPlan } from './workers.mjs';

const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
const entry = new URL(`../${outDir}/server/entry.mjs`, import.meta.url);
const rebuild = process.argv.includes('--rebuild');
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

if (rebuild || !existsSync(entry)) {
	console.log('Building the site (first start)…');
	const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: process.env });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.HOST ??= '0.0.0.0';
process.env.PORT ??= '4321';

/** The first request runs migrations and the first-start data import: do it now rather than make the first visitor wait. */
async function warmUp() {
	const t0 = Date.now();
	const warm = await fetch(`http://127.0.0.1:${process.env.PORT}/robots.txt`).catch((e) => e);
	if (warm instanceof Error || !warm.ok)
		console.error('Warm-up request failed:', warm.status ?? warm.message);
	else console.log(`Ready in ${Date.now() - t0} ms: http://localhost:${process.env.PORT}`);
}

// One process per core on PostgreSQL and Redis (WEB_CONCURRENCY), else one (scripts/workers.mjs).
let plan;
try {
	plan = workerPlan(process.env);
} catch (error) {
	if (!(error instanceof WorkerPlanError)) throw error;
	process.stderr.write(`${error.message}\n`);
	process.exit(1);
}
if (plan.note) console.log(plan.note);
const serveScript = fileURLToPath(new URL('./serve.mjs', import.meta.url));
if (plan.workers > 1) {
	await runPrimary({
		workers: plan.workers,
		serveScript,
		port: Number(process.env.PORT),
		warmUp,
	});
} else {
	await import(pathToFileURL(serveScript).href);
	await warmUp();
}
