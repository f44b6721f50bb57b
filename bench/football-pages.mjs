#!/usr/bin/env node
/**
 * Pages benchmark (issue 3): requests per second and p99 latency of the home page and a
 * match page, served by our production server (scripts/serve.mjs; route cache off, then
 * on) against a bare node:http server that sends the same bytes with the same headers,
 * all in one run.
 *
 *   npm run build && node bench/football-pages.mjs [--seconds 5] [--connections 16] [--port 4610]
 *
 * Everything listens on 127.0.0.1 (three ports from --port on) and stops by itself.
 */
import { replayableHeaders, startBare } from './lib/bare.mjs';
import { describeRun, loadOptions } from './lib/run-options.mjs';
import { load } from './lib/load.mjs';
import { assertPortFree, findMatchPath, startSite } from './lib/site.mjs';

const options = loadOptions();
const { seconds: SECONDS, connections: CONNECTIONS } = options;
// Several runs can share a machine (one per worktree): each picks its own three ports.
const portArg = process.argv.indexOf('--port');
const PORT = portArg > 0 ? Number(process.argv[portArg + 1]) : 4610;
const [SITE, CACHED, BARE] = [PORT, PORT + 1, PORT + 2];
for (const port of [SITE, CACHED, BARE]) await assertPortFree(port);

/** Registers and logs in a visitor on the site at `port`; returns its auth cookies. */
async function signIn(port) {
	const base = `http://127.0.0.1:${port}`;
	const account = {
		email: `bench-${port}-${Date.now()}@example.test`,
		name: 'Bench',
		password: 'a long bench passphrase 42',
	};
	const json = (body) => ({
		method: 'POST',
		headers: { 'Content-Type': 'application/json', Origin: base },
		body: JSON.stringify(body),
	});
	await fetch(`${base}/api/auth/register`, json(account));
	const login = await fetch(
		`${base}/api/auth/login`,
		json({ email: account.email, password: account.password }),
	);
	if (!login.ok) throw new Error(`bench login failed: ${login.status}`);
	return login.headers
		.getSetCookie()
		.map((c) => c.split(';')[0])
		.join('; ');
}

const results = [];
const site = await startSite(SITE, { ROUTE_CACHE: 'off' });
const cached = await startSite(CACHED, { ROUTE_CACHE: 'on' });
try {
	// The two pages of the goal, then Astro's floor: robots.txt is a one-line endpoint with no
	// data and no rendering, so its ratio is the most any response that goes through Astro's
	// pipeline (and our middleware) can reach against the bare server on this machine.
	const paths = ['/en', await findMatchPath(SITE), '/robots.txt'];
	const signedIn = { [SITE]: await signIn(SITE), [CACHED]: await signIn(CACHED) };
	for (const path of paths) {
		const sample = await fetch(`http://127.0.0.1:${SITE}${path}`, {
			headers: { Cookie: 'i18n_redirected=en' },
		});
		const body = Buffer.from(await sample.arrayBuffer());
		const headers = replayableHeaders(sample);
		const bare = await startBare(BARE, body, headers);
		const run = async (label, port, extra = {}) => {
			// A returning visitor: the language cookie matches the page (a first visit is
			// answered by Astro, which sets it).
			const headers = { Cookie: 'i18n_redirected=en', ...extra };
			await load({
				url: `http://127.0.0.1:${port}${path}`,
				connections: CONNECTIONS,
				seconds: 1,
				headers,
			}); // warm-up
			const r = await load({
				url: `http://127.0.0.1:${port}${path}`,
				connections: CONNECTIONS,
				seconds: SECONDS,
				headers,
			});
			results.push({
				path,
				label,
				status: sample.status,
				...r,
				bytes: Math.round(r.bytes / Math.max(1, r.requests)),
			});
			return r;
		};
		const b = await run('bare node:http', BARE);
		const u = await run('site, uncached', SITE);
		const c = await run('site, route cache', CACHED);
		// What a browser gets from the cache (brotli): not part of the ratio, which compares
		// the same bytes.
		if (path !== '/robots.txt') {
			await run('site, route cache, Accept-Encoding: br', CACHED, { 'Accept-Encoding': 'br' });
			await run('site, route cache, no cookie (crawler, first visit)', CACHED, { Cookie: '' });
			// A signed-in visitor: never the anonymous page; the member cache after auth.
			await run('site, signed in, route cache off', SITE, {
				Cookie: `i18n_redirected=en; ${signedIn[SITE]}`,
			});
			await run('site, signed in, member cache', CACHED, {
				Cookie: `i18n_redirected=en; ${signedIn[CACHED]}`,
			});
		}
		results.push({ path, label: 'ratio', uncached: u.rps / b.rps, cached: c.rps / b.rps });
		bare.stop();
	}
} finally {
	await site.stop();
	await cached.stop();
}

console.log(`\n${describeRun(options)}\n`);
console.log('| page | server | req/s | p50 ms | p99 ms | errors |');
console.log('| --- | --- | ---: | ---: | ---: | ---: |');
for (const r of results) {
	if (r.label === 'ratio') {
		console.log(
			`| ${r.path} | **ratio to bare** | uncached ${(r.uncached * 100).toFixed(0)} % | cached ${(r.cached * 100).toFixed(0)} % | | |`,
		);
	} else {
		console.log(
			`| ${r.path} (${r.status}, ${r.bytes} B sent) | ${r.label} | ${r.rps.toFixed(0)} | ${r.p50.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
		);
	}
}
