#!/usr/bin/env node
/**
 * `npm start`: builds the site when no build exists (a fresh clone), then serves it on
 * http://localhost:4321 with the embedded defaults (PGlite under .data/, replay feed,
 * sandbox payments, mail to .data/outbox). `npm start -- --rebuild` forces a build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

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
await import(new URL('./serve.mjs', import.meta.url).href);
// Warm up: the first request runs migrations and the first-start data import, so do it
// now rather than make the first visitor wait.
const t0 = Date.now();
const warm = await fetch(`http://127.0.0.1:${process.env.PORT}/robots.txt`).catch((e) => e);
if (warm instanceof Error || !warm.ok)
	console.error('Warm-up request failed:', warm.status ?? warm.message);
else console.log(`Ready in ${Date.now() - t0} ms: http://localhost:${process.env.PORT}`);
