#!/usr/bin/env node
/**
 * `npm run check:links`: requests EVERY URL the sitemaps list (tens of thousands: each page
 * in ten languages) from the production build, and fails unless each answers 200 at that
 * very address (no redirect). `npm test` only samples each kind of URL; this is the full
 * walk, run by CI after the suite.
 *
 * It starts the build itself (scripts/serve.mjs on an ephemeral loopback port, in-memory
 * database, live feed off), refuses any URL that is not on that loopback origin, keeps at
 * most CHECK_LINKS_CONCURRENCY requests in flight (default 4), and stops by itself: when
 * done, or after CHECK_LINKS_TIMEOUT_MIN minutes (default 45), whichever comes first.
 */
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';

const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
const concurrency = Math.max(1, Math.min(16, Number(process.env.CHECK_LINKS_CONCURRENCY ?? 4)));
const deadline = Date.now() + Number(process.env.CHECK_LINKS_TIMEOUT_MIN ?? 45) * 60_000;

if (!existsSync(new URL(`../${outDir}/server/entry.mjs`, import.meta.url))) {
	console.log('check:links: no build yet, building…');
	const build = spawnSync('npx', ['astro', 'build'], { stdio: 'inherit', env: process.env });
	if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = await new Promise((resolve, reject) => {
	const probe = createServer();
	probe.once('error', reject);
	probe.listen(0, '127.0.0.1', () => {
		const { port: p } = probe.address();
		probe.close(() => resolve(p));
	});
});
const origin = `http://127.0.0.1:${port}`;
const server = spawn(process.execPath, ['scripts/serve.mjs'], {
	env: {
		...process.env,
		HOST: '127.0.0.1',
		PORT: String(port),
		SITE_URL: origin,
		DATABASE_URL: 'memory://',
		DATA_DIR: `.data/check-links-${port}`,
		FEED: 'off',
		REDIS_URL: '',
		ASTRO_OUT_DIR: outDir,
	},
	stdio: ['ignore', 'ignore', 'inherit'],
});
const stop = (code) => {
	server.kill('SIGTERM');
	process.exit(code);
};
process.on('SIGINT', () => stop(130));
setTimeout(() => {
	console.error(
		`check:links: stopped after CHECK_LINKS_TIMEOUT_MIN (${process.env.CHECK_LINKS_TIMEOUT_MIN ?? 45} min)`,
	);
	stop(1);
}, deadline - Date.now()).unref();

async function waitUp() {
	for (let i = 0; i < 600; i++) {
		try {
			if ((await fetch(`${origin}/robots.txt`)).ok) return;
		} catch {
			// Not listening yet.
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error('the site did not start');
}

const locs = (xml) =>
	[...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1].replace(/&amp;/g, '&'));

/** Only our own loopback origin: this walk never sends a request anywhere else. */
function ours(url) {
	const u = new URL(url);
	return u.origin === origin && (u.hostname === '127.0.0.1' || u.hostname === 'localhost');
}

try {
	await waitUp();
	const files = locs(await (await fetch(`${origin}/sitemap.xml`)).text());
	const urls = [];
	for (const file of files) {
		if (!ours(file)) throw new Error(`sitemap file outside the site: ${file}`);
		const r = await fetch(file);
		if (r.status !== 200) throw new Error(`${file} answered ${r.status}`);
		urls.push(...locs(await r.text()));
	}
	const foreign = urls.filter((u) => !ours(u));
	if (foreign.length > 0)
		throw new Error(`${foreign.length} sitemap URLs outside the site, e.g. ${foreign[0]}`);
	console.log(
		`check:links: ${files.length} sitemaps, ${urls.length} URLs, ${concurrency} at a time`,
	);

	const failures = [];
	let next = 0;
	let done = 0;
	const started = Date.now();
	async function worker() {
		while (next < urls.length) {
			const url = urls[next++];
			try {
				const r = await fetch(url, { redirect: 'manual' });
				await r.arrayBuffer();
				if (r.status !== 200)
					failures.push(
						`${r.status} ${url}${r.headers.get('location') ? ` → ${r.headers.get('location')}` : ''}`,
					);
			} catch (error) {
				failures.push(`ERR ${url} ${error.message}`);
			}
			if (++done % 5000 === 0)
				console.log(
					`check:links: ${done}/${urls.length} (${Math.round((Date.now() - started) / 1000)} s)`,
				);
		}
	}
	await Promise.all(Array.from({ length: concurrency }, worker));
	const seconds = Math.round((Date.now() - started) / 1000);
	for (const f of failures.slice(0, 50)) console.log(`  ${f}`);
	if (failures.length > 50) console.log(`  … and ${failures.length - 50} more`);
	console.log(
		`check:links: ${urls.length} URLs requested in ${seconds} s, ${urls.length - failures.length} answered 200, ${failures.length} did not`,
	);
	stop(failures.length === 0 ? 0 : 1);
} catch (error) {
	console.error(`check:links: ${error.message}`);
	stop(1);
}
