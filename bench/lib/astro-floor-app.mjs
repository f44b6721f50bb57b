/**
 * The smallest Astro 7 server app (bench/astro-floor/: a one-line endpoint and a page with
 * no components, no middleware, no data), built and started: Astro's own floor on this
 * machine, against which a rendered page is measured.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { stopChild, waitUntilUp } from './process.mjs';

const root = new URL('../astro-floor/', import.meta.url).pathname;
// Inside the project (ignored by git), so the built server resolves the project's packages.
const outDir = join(root, 'dist');
const astroBin = new URL('../../node_modules/astro/bin/astro.mjs', import.meta.url).pathname;

/**
 * Builds the app and starts it on `port` (`env` over the defaults, e.g. FLOOR_PAGES_DIR for
 * its same-bytes pages); `stop()` ends it and removes the build.
 */
export async function startAstroFloor(port, env = {}) {
	const build = spawnSync(process.execPath, [astroBin, 'build', '--root', root], {
		env: { ...process.env, ASTRO_OUT_DIR: outDir, ASTRO_TELEMETRY_DISABLED: '1' },
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	if (build.status !== 0) throw new Error('building bench/astro-floor failed');
	const app = spawn(process.execPath, [join(outDir, 'server/entry.mjs')], {
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(port),
			ASTRO_NODE_LOGGING: 'disabled',
			...env,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
	});
	await waitUntilUp(port, 10_000, 'bench/astro-floor');
	return {
		stop: async () => {
			await stopChild(app);
			rmSync(outDir, { recursive: true, force: true });
		},
	};
}
