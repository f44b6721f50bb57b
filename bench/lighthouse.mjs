#!/usr/bin/env node
/**
 * Lighthouse's mobile performance score (and total blocking time, CLS) of the six pages a
 * visitor meets first (and the widget builder), median of several runs each, against the production server with
 * the replay feed on (live updates land while it measures). Goal (issues 12 and 26): score
 * ≥ 95, TBT ≤ 100 ms and CLS ≤ 0.02 on each page, React islands included.
 *
 *   npm run build && node bench/lighthouse.mjs [--runs 3] [--port 4620]
 *
 * The server listens on 127.0.0.1 only and is stopped at the end.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { runLighthouse } from '../scripts/lighthouse-run.mjs';

const arg = (name, fallback) => {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? Number(process.argv[i + 1]) : fallback;
};
const RUNS = arg('runs', 3);
const PORT = arg('port', 4620);
const base = `http://127.0.0.1:${PORT}`;
if (
	await fetch(`${base}/`).then(
		() => true,
		() => false,
	)
)
	throw new Error(`port ${PORT} is in use: pick another with --port`);

const dataDir = mkdtempSync(join(tmpdir(), 'bench-lh-'));
const site = spawn(process.execPath, ['scripts/serve.mjs'], {
	env: {
		...process.env,
		ASTRO_OUT_DIR: process.env.ASTRO_OUT_DIR ?? 'dist',
		HOST: '127.0.0.1',
		PORT: String(PORT),
		DATA_DIR: dataDir,
		DATABASE_URL: join(dataDir, 'pglite'),
		SITE_URL: base,
		FEED: 'replay',
	},
	stdio: ['ignore', 'ignore', 'inherit'],
});
try {
	const deadline = Date.now() + 180_000;
	for (;;) {
		if (Date.now() > deadline) throw new Error('the site did not start');
		if (
			await fetch(`${base}/robots.txt`).then(
				(r) => r.ok,
				() => false,
			)
		)
			break;
		await new Promise((r) => setTimeout(r, 500));
	}
	const day = await (await fetch(`${base}/api/v1/matches?date=2022-12-18`)).json();
	const final = day.competitions[0].matches[0].id;
	// A replay that is live now (REPLAY_SPEED 1 by default: it stays live for the whole run).
	let live = null;
	for (let i = 0; i < 120 && !live; i++) {
		const now = await (await fetch(`${base}/api/v1/matches?status=live`)).json();
		live = now.competitions?.[0]?.matches?.[0]?.id ?? null;
		if (!live) await new Promise((r) => setTimeout(r, 500));
	}
	const pages = [
		['home', '/en'],
		['live list', '/en/live-matches'],
		['live match', live ? `/en/match/${live}` : `/en/match/${final}`],
		['finished match', `/en/match/${final}`],
		['league', '/en/league/premier-league'],
		['pricing', '/en/pricing'],
		['widget builder', '/en/widget'],
		['faq', '/en/faq'],
	];
	// Warm the route cache once, as a visitor after the first would find it.
	for (const [, path] of pages) await (await fetch(`${base}${path}`)).arrayBuffer();
	const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
	console.log(
		`Machine: ${cpus().length} cores (${cpus()[0]?.model}), ${Math.round(totalmem() / 2 ** 30)} GiB; node ${process.version}; ${new Date().toISOString()}`,
	);
	console.log(`Lighthouse mobile (simulated throttling), median of ${RUNS} runs\n`);
	console.log('| page | performance | TBT (ms) | CLS | runs |');
	console.log('|---|---|---|---|---|');
	let failed = 0;
	for (const [name, path] of pages) {
		const runs = [];
		for (let i = 0; i < RUNS; i++)
			runs.push(await runLighthouse(`${base}${path}`, { categories: ['performance'] }));
		const score = median(runs.map((r) => r.scores.performance));
		const tbt = median(runs.map((r) => r.tbt ?? 0));
		const cls = median(runs.map((r) => r.cls ?? 0));
		if (score < 95 || tbt > 100 || cls > 0.02) failed++;
		console.log(
			`| ${name} | ${score} | ${Math.round(tbt)} | ${cls.toFixed(3)} | ${runs.map((r) => r.scores.performance).join(', ')} |`,
		);
	}
	console.log(
		failed
			? `\n${failed} page(s) below the goal (≥ 95, TBT ≤ 100 ms, CLS ≤ 0.02)`
			: '\nEvery page meets the goal',
	);
} finally {
	site.kill('SIGTERM');
	await new Promise((r) => site.once('exit', r));
	rmSync(dataDir, { recursive: true, force: true });
}
