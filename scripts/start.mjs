#!/usr/bin/env node
/**
 * `npm start`: builds the site when no build exists (a fresh clone), then serves it on
 * http://localhost:4321 with the embedded defaults (PGlite under .data/, replay feed,
 * sandbox payments, mail to .data/outbox). `npm start -- --rebuild` forces a build.
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const entry = new URL('../dist/server/entry.mjs', import.meta.url);
const rebuild = process.argv.includes('--rebuild');
process.env.ASTRO_TELEMETRY_DISABLED ??= '1';

if (rebuild || !existsSync(entry)) {
	console.log('Building the site (first start)…');
	const result = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: process.env });
	if (result.status !== 0) process.exit(result.status ?? 1);
}

process.env.HOST ??= '0.0.0.0';
process.env.PORT ??= '4321';
console.log(`Serving on http://localhost:${process.env.PORT}`);
await import(entry.href);
