#!/usr/bin/env node
/**
 * Astro's own floor (context for issue 3's uncached goal): requests per second of the
 * smallest Astro 7 server app (bench/astro-floor/: a one-line endpoint and a page with no
 * components, no middleware, no data) against a bare node:http server sending the same
 * bytes, in one run. Whatever Astro renders per request, ours included, can only be slower.
 *
 *   node bench/astro-floor.mjs [--seconds 5] [--connections 16]
 *
 * Builds the app into bench/astro-floor/dist (removed afterwards), listens on 127.0.0.1 only and stops by itself.
 */
import { startAstroFloor } from './lib/astro-floor-app.mjs';
import { replayableHeaders, startBare } from './lib/bare.mjs';
import { describeRun, loadOptions } from './lib/run-options.mjs';
import { load } from './lib/load.mjs';

const options = loadOptions();
const { seconds: SECONDS, connections: CONNECTIONS } = options;
const PORT = 4620;
const app = await startAstroFloor(PORT);
const results = [];
try {
	for (const path of ['/robots.txt', '/hello']) {
		const sample = await fetch(`http://127.0.0.1:${PORT}${path}`);
		const body = Buffer.from(await sample.arrayBuffer());
		const headers = replayableHeaders(sample);
		const bare = await startBare(PORT + 1, body, headers);
		const run = async (port) => {
			const url = `http://127.0.0.1:${port}${path}`;
			await load({ url, connections: CONNECTIONS, seconds: 1 }); // warm-up
			return load({ url, connections: CONNECTIONS, seconds: SECONDS });
		};
		const b = await run(PORT + 1);
		const a = await run(PORT);
		bare.stop();
		results.push({ path, bytes: body.length, bare: b, astro: a });
	}
} finally {
	await app.stop();
}

console.log(`\n${describeRun(options)}\n`);
console.log(
	'| path | bare node:http req/s | bare Astro req/s | Astro / bare | p99 bare / Astro ms |',
);
console.log('| --- | ---: | ---: | ---: | ---: |');
for (const r of results) {
	console.log(
		`| ${r.path} (${r.bytes} B) | ${r.bare.rps.toFixed(0)} | ${r.astro.rps.toFixed(0)} | ${((r.astro.rps / r.bare.rps) * 100).toFixed(0)} % | ${r.bare.p99.toFixed(1)} / ${r.astro.p99.toFixed(1)} |`,
	);
}
