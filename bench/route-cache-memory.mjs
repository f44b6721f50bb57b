#!/usr/bin/env node
/**
 * The route cache's memory with many distinct pages (issue 18): requests N distinct pages
 * (the home page's empty state under N different keys, each stored as a page of its own)
 * from the production server with the route cache on and ROUTE_CACHE_MAX_MB set, and
 * reports, every tenth of the way, the cache's pages and bytes (its own count) and the
 * process's RSS and heap, read from /metrics.
 *
 *   npm run build && npx node bench/route-cache-memory.mjs [--pages 100000] [--max-mb 64] [--port 4545]
 *
 * Loopback only; the server it starts (shipped data, in-memory PGlite) is stopped at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeRun } from './lib/run-options.mjs';

const arg = (name, fallback) => {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? process.argv[i + 1] : fallback;
};
const PAGES = Number(arg('pages', 100_000));
const MAX_MB = Number(arg('max-mb', 64));
const PORT = Number(arg('port', 4545));
const CONNECTIONS = 8;
const TOKEN = 'bench-metrics-token-0123456789';

const dataDir = mkdtempSync(join(tmpdir(), 'bench-mem-'));
const child = spawn(process.execPath, ['scripts/serve.mjs'], {
	env: {
		...process.env,
		ASTRO_OUT_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
		HOST: '127.0.0.1',
		PORT: String(PORT),
		DATA_DIR: dataDir,
		DATABASE_URL: join(dataDir, 'pglite'),
		FEED: 'off',
		LOG_LEVEL: 'warn',
		ROUTE_CACHE_MAX_MB: String(MAX_MB),
		METRICS_TOKEN: TOKEN,
		SITE_URL: `http://127.0.0.1:${PORT}`,
	},
	stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = () => {
	child.kill('SIGTERM');
	rmSync(dataDir, { recursive: true, force: true });
};
process.on('exit', stop);

const deadline = Date.now() + 300_000;
for (;;) {
	if (Date.now() > deadline) throw new Error('server did not start');
	try {
		if ((await fetch(`http://127.0.0.1:${PORT}/en`)).ok) break;
	} catch {}
	await new Promise((r) => setTimeout(r, 500));
}

async function metrics() {
	const text = await (
		await fetch(`http://127.0.0.1:${PORT}/metrics`, {
			headers: { Authorization: `Bearer ${TOKEN}` },
		})
	).text();
	const value = (name) => Number(new RegExp(`^${name} (\\S+)$`, 'm').exec(text)?.[1] ?? NaN);
	return {
		pages: value('matchday_route_cache_pages'),
		cacheMiB: value('matchday_route_cache_bytes') / 2 ** 20,
		rssMiB: value('matchday_process_resident_memory_bytes') / 2 ** 20,
		heapMiB: value('matchday_nodejs_heap_size_used_bytes') / 2 ** 20,
	};
}

console.log(describeRun({ seconds: '-', connections: CONNECTIONS }));
console.log(`Pages: ${PAGES} distinct (/en/home-bench-N), ROUTE_CACHE_MAX_MB=${MAX_MB}\n`);
console.log(
	'| pages requested | pages held | cache MiB (own count) | RSS MiB | JS heap used MiB |',
);
console.log('| ---: | ---: | ---: | ---: | ---: |');
const show = (n, m) =>
	console.log(
		`| ${n.toLocaleString('en')} | ${m.pages.toLocaleString('en')} | ${m.cacheMiB.toFixed(1)} | ${m.rssMiB.toFixed(0)} | ${m.heapMiB.toFixed(0)} |`,
	);
show(0, await metrics());

const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
let next = 0;
let errors = 0;
let sampleAt = PAGES / 10;
const bodyBytes = [];
const one = (i) =>
	new Promise((resolve) => {
		const req = http.get(
			`http://127.0.0.1:${PORT}/en/home-bench-${i}`,
			{ agent, headers: { Cookie: 'i18n_redirected=en' } },
			(res) => {
				let size = 0;
				res.on('data', (c) => (size += c.length));
				res.on('end', () => {
					if (res.statusCode !== 200) errors++;
					if (bodyBytes.length < 100) bodyBytes.push(size);
					resolve();
				});
			},
		);
		req.on('error', () => {
			errors++;
			resolve();
		});
	});
const started = performance.now();
await Promise.all(
	Array.from({ length: CONNECTIONS }, async () => {
		while (next < PAGES) {
			await one(next++);
			if (next >= sampleAt) {
				sampleAt += PAGES / 10;
				show(next, await metrics());
			}
		}
	}),
);
agent.destroy();
const seconds = (performance.now() - started) / 1000;
console.log(
	`\n${PAGES} pages in ${seconds.toFixed(0)} s (${(PAGES / seconds).toFixed(0)}/s), ${errors} errors; page size ~${Math.round(bodyBytes.reduce((a, b) => a + b, 0) / bodyBytes.length)} B`,
);
stop();
process.exit(0);
