#!/usr/bin/env node
/**
 * Uncached renders against Astro's own floor (issue 18): requests per second of the site's
 * home and match pages with every request rendered (route cache off, shipped data in the
 * in-process data cache, as a cache miss finds it), against the smallest Astro 7 page
 * (bench/astro-floor/src/pages/hello.astro: no components, no middleware, no data), in one
 * run. Goal: each page ≥ 50 % of the floor. Rounds alternate the three so that a load
 * change on the machine hits all of them; the table gives each round and the median.
 *
 *   npm run build && node bench/render-floor.mjs [--seconds 5] [--connections 16] [--rounds 3] [--port 4630]
 *   … --profile DIR   instead writes a V8 CPU profile per page into DIR: the site (its data
 *                     imported by a first start) is started again under --cpu-prof for each
 *                     page alone, so a profile holds that page's renders and little else
 *
 * Listens on 127.0.0.1 only (two ports from --port on) and stops by itself.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startAstroFloor } from './lib/astro-floor-app.mjs';
import { load } from './lib/load.mjs';
import { describeRun, loadOptions } from './lib/run-options.mjs';
import { assertPortFree, findMatchPath, startSite } from './lib/site.mjs';

const options = loadOptions();
const { seconds: SECONDS, connections: CONNECTIONS } = options;
const arg = (name) => {
	const i = process.argv.indexOf(`--${name}`);
	return i > 0 ? process.argv[i + 1] : undefined;
};
const ROUNDS = Number(arg('rounds') ?? 3);
const PORT = Number(arg('port') ?? 4630);
const profileDir = arg('profile') && resolve(arg('profile'));
const [FLOOR, SITE] = [PORT, PORT + 1];
for (const port of [FLOOR, SITE]) await assertPortFree(port);

const site = await startSite(SITE, { ROUTE_CACHE: 'off' });
const matchPath = await findMatchPath(SITE);
// The floor app serves the site's own pages byte for byte from a component-free page, so
// that the cost of Astro's pipeline for that many bytes can be told from the cost of ours.
const pagesDir = mkdtempSync(join(tmpdir(), 'floor-pages-'));
for (const [name, path] of [
	['home', '/en'],
	['match', matchPath],
]) {
	const r = await fetch(`http://127.0.0.1:${SITE}${path}`, {
		headers: { Cookie: 'i18n_redirected=en' },
	});
	writeFileSync(join(pagesDir, `${name}.html`), await r.text());
}
const floor = await startAstroFloor(FLOOR, { FLOOR_PAGES_DIR: pagesDir });
const targets = [
	{ name: "Astro's floor: `/hello`", port: FLOOR, path: '/hello' },
	{ name: 'home `/en`', port: SITE, path: '/en' },
	{ name: 'match', port: SITE, path: matchPath },
	{ name: "the site's floor: `/robots.txt`", port: SITE, path: '/robots.txt' },
	{ name: "Astro, home's bytes, no components", port: FLOOR, path: '/same-bytes/home' },
	{ name: "Astro, the match's bytes, no components", port: FLOOR, path: '/same-bytes/match' },
	{ name: 'Astro, 300 small components', port: FLOOR, path: '/rows' },
];
if (profileDir) {
	mkdirSync(profileDir, { recursive: true });
	await floor.stop();
	const dataDir = mkdtempSync(join(tmpdir(), 'bench-profile-'));
	await site.stop();
	try {
		// The first start imports the shipped data; the profiled ones find it there.
		await (await startSite(SITE, { ROUTE_CACHE: 'off' }, { dataDir })).stop();
		for (const t of targets.filter((t) => t.port === SITE)) {
			const name = t.path.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'root';
			const profiled = await startSite(
				SITE,
				{ ROUTE_CACHE: 'off' },
				{
					dataDir,
					nodeArgs: [
						'--cpu-prof',
						`--cpu-prof-dir=${profileDir}`,
						`--cpu-prof-name=${name}.cpuprofile`,
					],
				},
			);
			const url = `http://127.0.0.1:${SITE}${t.path}`;
			const headers = { Cookie: 'i18n_redirected=en' };
			await load({ url, connections: CONNECTIONS, seconds: 1, headers });
			const r = await load({ url, connections: CONNECTIONS, seconds: SECONDS, headers });
			await profiled.stop();
			console.log(
				`${t.path}: ${r.rps.toFixed(0)} req/s under the profiler → ${profileDir}/${name}.cpuprofile`,
			);
		}
	} finally {
		rmSync(dataDir, { recursive: true, force: true });
	}
	process.exit(0);
}
const rounds = [];
try {
	for (let round = 0; round < ROUNDS; round++) {
		const row = [];
		for (const t of targets) {
			const url = `http://127.0.0.1:${t.port}${t.path}`;
			// A returning visitor: the language cookie matches the page.
			const headers = { Cookie: 'i18n_redirected=en' };
			await load({ url, connections: CONNECTIONS, seconds: 1, headers }); // warm-up
			row.push(await load({ url, connections: CONNECTIONS, seconds: SECONDS, headers }));
		}
		rounds.push(row);
	}
} finally {
	await site.stop();
	await floor.stop();
	rmSync(pagesDir, { recursive: true, force: true });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`\n${describeRun(options)}; ${ROUNDS} rounds\n`);
console.log(
	'| target | path | req/s per round | median req/s | p99 ms (median) | of the floor | errors |',
);
console.log('| --- | --- | ---: | ---: | ---: | ---: | ---: |');
targets.forEach((t, i) => {
	const rps = rounds.map((r) => r[i].rps);
	// The ratio is taken per round (the same minute's floor), then the median of those.
	const ratio = median(rounds.map((r) => r[i].rps / r[0].rps));
	console.log(
		`| ${t.name} | ${t.path} | ${rps.map((x) => x.toFixed(0)).join(', ')} | ${median(rps).toFixed(0)} | ${median(rounds.map((r) => r[i].p99)).toFixed(1)} | ${i === 0 ? '100 %' : `**${(ratio * 100).toFixed(0)} %**`} | ${rounds.reduce((n, r) => n + r[i].errors, 0)} |`,
	);
});
