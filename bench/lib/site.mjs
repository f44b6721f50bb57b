/**
 * The production server (scripts/serve.mjs) on a fresh embedded database with the shipped
 * data, as the page benchmarks start it: loopback only, no live feed unless asked.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { stopChild, waitUntilUp } from './process.mjs';

/** Fails when something already answers on `port`: measuring someone else's server is worse than not measuring. */
export async function assertPortFree(port) {
	const taken = await fetch(`http://127.0.0.1:${port}/`).then(
		() => true,
		() => false,
	);
	if (taken) throw new Error(`port ${port} is in use: pick others with --port`);
}

/**
 * Starts the site on `port` with `env` over the defaults (and `nodeArgs` for node itself,
 * e.g. `--cpu-prof`; `dataDir` to start again on a folder an earlier start filled);
 * resolves once it answers.
 */
export async function startSite(
	port,
	env = {},
	{ outDir = process.env.ASTRO_OUT_DIR ?? 'dist', nodeArgs = [], dataDir: given } = {},
) {
	// A given folder is the caller's (a restart on data already imported); a new one is ours.
	const dataDir = given ?? mkdtempSync(join(tmpdir(), 'bench-'));
	const child = spawn(process.execPath, [...nodeArgs, 'scripts/serve.mjs'], {
		env: {
			...process.env,
			ASTRO_OUT_DIR: outDir,
			HOST: '127.0.0.1',
			PORT: String(port),
			DATA_DIR: dataDir,
			DATABASE_URL: join(dataDir, 'pglite'),
			FEED: 'off',
			SITE_URL: `http://127.0.0.1:${port}`,
			...env,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	await waitUntilUp(port, 180_000, `the site on port ${port}`);
	return {
		child,
		stop: async () => {
			await stopChild(child);
			if (!given) rmSync(dataDir, { recursive: true, force: true });
		},
		dataDir,
	};
}

/** A match centre address of the shipped data (the first match of a busy day). */
export async function findMatchPath(port) {
	for (const date of ['2025-08-16', '2025-08-15', '2024-08-17']) {
		const r = await fetch(`http://127.0.0.1:${port}/api/v1/matches?date=${date}`);
		if (!r.ok) continue;
		const json = await r.json();
		const id = json.competitions?.[0]?.matches?.[0]?.id;
		if (id) return `/en/match/${id}`;
	}
	return '/en/match/1';
}
