import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort, SITE_DIR, type Site, startSite, waitFor } from '../../helpers/site-process';

// Needs a build: ASTRO_OUT_DIR=dist npx astro build, then LIVE_SITE_DIR=dist (npm test sets it).
const built = Boolean(SITE_DIR && existsSync(join(SITE_DIR, 'server', 'ops.mjs')));
const DB_SCRIPT = join(process.cwd(), 'scripts', 'db.ts');
const temp = mkdtempSync(join(tmpdir(), 'ops-'));
const sites: Site[] = [];

async function site(env: Record<string, string>): Promise<Site> {
	const s = await startSite(env);
	sites.push(s);
	return s;
}

/** `npm run db:*` as the operator runs it (Node's type stripping, no terminal). */
function dbCommand(args: string[], folder: string) {
	const result = spawnSync(process.execPath, ['--experimental-strip-types', DB_SCRIPT, ...args], {
		env: { PATH: process.env.PATH ?? '', DATABASE_URL: folder },
		encoding: 'utf8',
		stdio: ['ignore', 'pipe', 'pipe'],
		timeout: 120_000,
	});
	return { code: result.status, out: `${result.stdout}${result.stderr}` };
}

afterAll(async () => {
	await Promise.all(sites.map((s) => s.stop()));
	rmSync(temp, { recursive: true, force: true });
});

describe.skipIf(!built)('operations, on the built server (LIVE_SITE_DIR)', () => {
	// Three starts of the built site, the first with the data import into PGlite: slow when
	// the machine is busy, so more than the default minute.
	it('finding 1: a second server on the same PGlite folder refuses at once, naming the folder and the holder; so does db:backup', {
		timeout: 180_000,
	}, async () => {
		const folder = join(temp, 'shared', 'pglite');
		const first = await site({ DATABASE_URL: folder });
		await waitFor(first);
		const second = await site({ DATABASE_URL: folder });
		expect(await second.exited).toBe(1);
		expect(second.output()).toContain(folder);
		expect(second.output()).toContain(`pid ${first.proc.pid}`);
		expect(second.output()).not.toContain('Listening');
		const backup = dbCommand(['backup', join(temp, 'never.tar.gz')], folder);
		expect(backup.code).toBe(1);
		expect(backup.out).toContain(`pid ${first.proc.pid}`);
		// The holder is unharmed.
		expect((await fetch(first.url('/healthz'))).status).toBe(200);

		// SIGTERM releases the lock; a damaged folder then stops the start with the way out.
		first.proc.kill('SIGTERM');
		expect(await first.exited).toBe(0);
		writeFileSync(join(folder, 'global', 'pg_control'), 'damaged');
		const third = await site({ DATABASE_URL: folder });
		expect(await third.exited).toBe(1);
		expect(third.output()).toContain(folder);
		expect(third.output()).toContain('npm run db:restore');
		expect(third.output()).toContain('npm run db:reset');
		expect(third.output()).not.toContain('Listening');
	});

	it('finding 1: db:backup, db:reset (asks; --yes) and db:restore round-trip the embedded database', async () => {
		const folder = join(temp, 'roundtrip', 'pglite');
		mkdirSync(folder, { recursive: true });
		const db = new PGlite(folder);
		await db.exec("CREATE TABLE kept (note text); INSERT INTO kept VALUES ('before backup')");
		await db.close();
		const file = join(temp, 'roundtrip.tar.gz');
		const backup = dbCommand(['backup', file], folder);
		expect(backup.code, backup.out).toBe(0);
		expect(existsSync(file)).toBe(true);

		const unconfirmed = dbCommand(['reset'], folder);
		expect(unconfirmed.code).toBe(1);
		expect(unconfirmed.out).toContain('--yes');
		expect(existsSync(join(folder, 'PG_VERSION'))).toBe(true);
		expect(dbCommand(['reset', '--yes'], folder).code).toBe(0);
		expect(existsSync(folder)).toBe(false);

		const restore = dbCommand(['restore', file, '--yes'], folder);
		expect(restore.code, restore.out).toBe(0);
		const back = new PGlite(folder);
		expect((await back.query<{ note: string }>('SELECT note FROM kept')).rows).toEqual([
			{ note: 'before backup' },
		]);
		await back.close();
	});

	it('finding 2: production without AUTH_SECRET, SITE_URL and PAYMENT_PROVIDER refuses to start, naming each', async () => {
		const s = await site({ NODE_ENV: 'production' });
		expect(await s.exited).toBe(1);
		for (const name of ['AUTH_SECRET', 'SITE_URL', 'PAYMENT_PROVIDER'])
			expect(s.output()).toContain(`${name}:`);
		expect(s.output()).not.toContain('Listening');

		const short = await site({
			NODE_ENV: 'production',
			AUTH_SECRET: 'too-short',
			SITE_URL: 'https://matchday.example',
			PAYMENT_PROVIDER: 'stripe',
		});
		expect(await short.exited).toBe(1);
		expect(short.output()).toContain('AUTH_SECRET:');
	});

	it('finding 2: production with PAYMENT_PROVIDER=sandbox set explicitly starts, and every page shows the test-mode notice', async () => {
		const s = await site({
			NODE_ENV: 'production',
			AUTH_SECRET: 'a-production-secret-of-more-than-32-characters',
			SITE_URL: 'https://matchday.example',
			PAYMENT_PROVIDER: 'sandbox',
		});
		await waitFor(s, '/readyz');
		const home = await (await fetch(s.url('/en'))).text();
		expect(home).toContain('data-testid="test-mode-notice"');
		expect(home).toContain('payments on this site are simulated');
		const german = await (await fetch(s.url('/de/pricing'))).text();
		expect(german).toContain('Testmodus');
		const missing = await (await fetch(s.url('/en/no-such-page'))).text();
		expect(missing).toContain('data-testid="test-mode-notice"');
	});

	it('finding 3: PORT alone sets the origin: logout from that origin succeeds, canonical links carry the port', async () => {
		const port = await freePort();
		const s = await site({ PORT: String(port) }); // no SITE_URL
		await waitFor(s, '/readyz');
		const origin = `http://127.0.0.1:${port}`;
		const logout = (from: string) =>
			fetch(s.url('/api/auth/logout'), {
				method: 'POST',
				headers: { Origin: from, 'Content-Type': 'application/json' },
				body: '{}',
			});
		expect((await logout(origin)).status).toBe(200);
		expect((await logout('https://evil.example')).status).toBe(403);
		const home = await (await fetch(s.url('/en'))).text();
		expect(home).toMatch(new RegExp(`rel="canonical" href="${origin}/en"`));
	});

	describe('health, logs, metrics, shutdown', () => {
		const TOKEN = 'metrics-token-for-the-ops-tests';
		let s: Site;

		it('21: /healthz answers; /readyz reports database, migrations and bus; neither is logged or cached', async () => {
			s = await site({ METRICS_TOKEN: TOKEN });
			await waitFor(s, '/healthz');
			await waitFor(s, '/readyz');
			const ready = await fetch(s.url('/readyz'));
			expect(ready.headers.get('cache-control')).toBe('no-store');
			expect(await ready.json()).toEqual({
				ready: true,
				checks: { startup: 'done', database: 'ok', migrations: 'ok', bus: 'memory' },
			});
			const health = await fetch(s.url('/healthz'));
			expect(health.status).toBe(200);
			expect(health.headers.get('cache-control')).toBe('no-store');
			await fetch(s.url('/en')); // one logged request, so the log is known to work
			await new Promise((r) => setTimeout(r, 200));
			expect(s.output()).toContain('"path":"/en"');
			expect(s.output()).not.toMatch(/"path":"\/(healthz|readyz)"/);
		});

		it('21: /readyz reports a degraded bus with its reason when Redis cannot be reached', async () => {
			const dead = await freePort();
			const degraded = await site({ REDIS_URL: `redis://127.0.0.1:${dead}` });
			await waitFor(degraded, '/readyz');
			const body = await (await fetch(degraded.url('/readyz'))).json();
			expect(body.checks.bus).toBe('degraded');
			expect(body.reason).toMatch(/Redis unreachable/);
		});

		it('22: /metrics is off (404) without METRICS_TOKEN, 401 without the bearer token', async () => {
			const off = await site({});
			await waitFor(off);
			expect((await fetch(off.url('/metrics'))).status).toBe(404);
			expect((await fetch(s.url('/metrics'))).status).toBe(401);
			const wrong = await fetch(s.url('/metrics'), {
				headers: { Authorization: 'Bearer not-the-token-at-all-no' },
			});
			expect(wrong.status).toBe(401);
		});

		it('22: /metrics with the token: request rate and latency by route, cache hits, SSE clients, bus, DB pool', async () => {
			await fetch(s.url('/en/faq'));
			await fetch(s.url('/en'));
			await fetch(s.url('/en')); // a route-cache hit
			const live = new AbortController();
			const stream = await fetch(s.url('/api/live'), { signal: live.signal });
			await stream.body?.getReader().read();
			const res = await fetch(s.url('/metrics'), { headers: { Authorization: `Bearer ${TOKEN}` } });
			expect(res.status).toBe(200);
			const text = await res.text();
			live.abort();
			expect(text).toMatch(
				/matchday_http_requests_total\{method="GET",route="\/\[locale\]\/faq",status="200"\} \d/,
			);
			expect(text).toMatch(
				/matchday_http_request_duration_seconds_bucket\{le="[^"]+",method="GET",route="\/\[locale\]\/faq"\}/,
			);
			expect(text).toMatch(/matchday_route_cache_requests_total\{result="hit"\} [1-9]/);
			expect(text).toMatch(/matchday_sse_clients [1-9]/);
			expect(text).toContain('matchday_live_bus_state{mode="memory"} 1');
			expect(text).toContain('matchday_db_pool_connections{engine="pglite",state="max"} 1');
		});

		it('22: every request line carries the request id; passwords, tokens and cookies never reach the log', async () => {
			const secrets = [
				'Hunter2-Password-Secret',
				'ResetTokenSecret123',
				'CookieSecret456',
				'BearerSecret789',
			];
			const login = await fetch(s.url('/api/auth/login'), {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Origin: s.url('') },
				body: JSON.stringify({ email: 'nobody@example.com', password: secrets[0] }),
			});
			const id = login.headers.get('x-request-id');
			expect(id).toMatch(/^[0-9a-f-]{36}$/);
			await fetch(s.url(`/en/reset-password?token=${secrets[1]}`));
			await fetch(s.url('/en/account'), { headers: { Cookie: `auth.access=${secrets[2]}` } });
			await fetch(s.url('/api/me'), { headers: { Authorization: `Bearer ${secrets[3]}` } });
			await new Promise((r) => setTimeout(r, 300));
			const out = s.output();
			for (const secret of secrets) expect(out).not.toContain(secret);
			const requests = out
				.split('\n')
				.filter((line) => line.startsWith('{'))
				.map((line) => JSON.parse(line))
				.filter((line) => line.msg === 'request');
			expect(requests.length).toBeGreaterThan(4);
			for (const line of requests) expect(line.reqId).toMatch(/^[0-9a-f-]{36}$/);
			expect(requests.find((l) => l.path === '/api/auth/login')?.reqId).toBe(id);
		});

		it('21: SIGTERM drains: an open live stream gets a retry hint and ends, and the process exits 0', async () => {
			const stream = await fetch(s.url('/api/live'));
			const reader = stream.body!.getReader();
			await reader.read();
			s.proc.kill('SIGTERM');
			let rest = '';
			const decoder = new TextDecoder();
			for (;;) {
				const { done, value } = await reader.read().catch(() => ({ done: true, value: undefined }));
				if (done) break;
				rest += decoder.decode(value);
			}
			expect(rest).toMatch(/retry: \d+/);
			expect(await s.exited).toBe(0);
			expect(s.output()).toContain('shutdown complete');
		});
	});
});
