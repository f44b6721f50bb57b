import type { ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SseClient } from './helpers';
import { type SiteProcess, spawnSite, waitUp } from './site-process';

// Needs a build: ASTRO_OUT_DIR=dist-live npx astro build, then LIVE_SITE_DIR=dist-live.
const OUT = process.env.LIVE_SITE_DIR;
const entry = OUT ? join(OUT, 'server', 'entry.mjs') : '';
// The production server (the same front and handler as `npm start`) on that build.
const SERVER = join(process.cwd(), 'scripts', 'serve.mjs');
const PORT = 4790 + Math.floor(Math.random() * 100);

let current: SiteProcess | undefined;
function startSite(dataDir: string): ChildProcess {
	current = spawnSite(SERVER, {
		ASTRO_OUT_DIR: OUT!,
		HOST: '127.0.0.1',
		PORT: String(PORT),
		DATABASE_URL: join(dataDir, 'pglite'),
		DATA_DIR: dataDir,
		FEED: 'replay',
		REPLAY_SPEED: '400',
		REPLAY_CONCURRENT: '3',
		REDIS_URL: '',
	});
	return current.child;
}

/** The last started site answers. */
const siteUp = () => waitUp(PORT, current!, 60_000);

describe.skipIf(!OUT || !existsSync(entry))(
	'the built site (set LIVE_SITE_DIR to a build folder to run)',
	() => {
		const dataDir = mkdtempSync(join(tmpdir(), 'live-site-'));
		let proc: ChildProcess | undefined;
		afterAll(() => {
			proc?.kill('SIGKILL');
			rmSync(dataDir, { recursive: true, force: true });
		});

		it('F1: kill -9 while the replay feed publishes; resuming with Last-Event-ID has no gap and no duplicate', async () => {
			proc = startSite(dataDir);
			await siteUp();
			const first = new SseClient(`http://127.0.0.1:${PORT}/api/live`);
			await first.until(() => first.ids().length >= 5, 60_000);
			expect(first.headers['content-type']).toMatch(/text\/event-stream/);
			const k = first.ids()[2]!;
			proc.kill('SIGKILL');
			first.close();
			await new Promise((r) => proc!.once('exit', r));
			proc = startSite(dataDir);
			await siteUp();
			const resumed = new SseClient(`http://127.0.0.1:${PORT}/api/live`, {
				'Last-Event-ID': String(k),
			});
			await resumed.until(() => resumed.ids().length >= 10, 60_000);
			// A second reader of the same log range must see exactly the same sequence.
			const check = new SseClient(`http://127.0.0.1:${PORT}/api/live`, {
				'Last-Event-ID': String(k),
			});
			const n = resumed.ids().length;
			await check.until(() => check.ids().length >= n, 60_000);
			resumed.close();
			check.close();
			// `resumed` kept receiving while `check` caught up: compare the first n of each.
			const ids = resumed.ids();
			expect(resumed.messages[0]?.event).not.toBe('snapshot');
			expect(ids[0]).toBeGreaterThan(k);
			expect(new Set(ids).size).toBe(ids.length);
			expect(ids).toEqual([...ids].sort((a, b) => a - b));
			expect(check.ids().slice(0, n)).toEqual(ids.slice(0, n));
			// The pre-kill events after k that the first client saw are all in the resumed stream.
			for (const id of first.ids().filter((i) => i > k)) expect(ids).toContain(id);
		}, 180_000);

		it('F1: SIGTERM (a deploy) closes streams with a retry hint; the client resumes on the new process exactly once, in order', async () => {
			proc ??= startSite(dataDir);
			await siteUp();
			const client = new SseClient(`http://127.0.0.1:${PORT}/api/live`);
			await client.until(() => client.ids().length >= 3, 60_000);
			const hintsBefore = client.retries.length;
			proc.kill('SIGTERM');
			// The stream ends with a short reconnection hint, before the process is gone.
			await client.until(() => client.ended, 30_000);
			expect(client.retries.length).toBeGreaterThan(hintsBefore);
			expect(client.retries.at(-1)).toBeLessThanOrEqual(1000);
			await new Promise((r) => (proc!.exitCode !== null ? r(null) : proc!.once('exit', r)));
			const last = client.ids().at(-1)!;
			// What a browser does after the hint: reconnect with its Last-Event-ID.
			proc = startSite(dataDir);
			await siteUp();
			const resumed = new SseClient(`http://127.0.0.1:${PORT}/api/live`, {
				'Last-Event-ID': String(last),
			});
			await resumed.until(() => resumed.ids().length >= 5, 60_000);
			const check = new SseClient(`http://127.0.0.1:${PORT}/api/live`, {
				'Last-Event-ID': String(last),
			});
			const n = resumed.ids().length;
			await check.until(() => check.ids().length >= n, 60_000);
			resumed.close();
			check.close();
			const ids = resumed.ids();
			expect(resumed.messages[0]?.event).not.toBe('snapshot');
			expect(ids[0]).toBeGreaterThan(last);
			expect(new Set(ids).size).toBe(ids.length);
			expect(ids).toEqual([...ids].sort((a, b) => a - b));
			expect(check.ids().slice(0, n)).toEqual(ids.slice(0, n));
		}, 180_000);
	},
);

// Two server processes of the built site on one PostgreSQL and one Redis: the replay feed
// runs in A only, and a client of B must receive every event A publishes, in the same order
// as a client of A.
const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
describe.skipIf(!OUT || !existsSync(entry) || !PG || !REDIS)(
	'two processes sharing PostgreSQL and Redis (set LIVE_SITE_DIR, TEST_DATABASE_URL, TEST_REDIS_URL)',
	() => {
		const procs: ChildProcess[] = [];
		const name = `live_two_${Date.now().toString(36)}`;
		const dataDir = mkdtempSync(join(tmpdir(), 'live-two-'));
		let admin: import('postgres').Sql | undefined;
		afterAll(async () => {
			for (const p of procs) p.kill('SIGKILL');
			await new Promise((r) => setTimeout(r, 300));
			await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin?.end({ timeout: 5 });
			rmSync(dataDir, { recursive: true, force: true });
		});

		function start(port: number, feed: 'replay' | 'off'): SiteProcess {
			const url = new URL(PG!);
			url.pathname = `/${name}`;
			const site = spawnSite(SERVER, {
				ASTRO_OUT_DIR: OUT!,
				HOST: '127.0.0.1',
				PORT: String(port),
				DATABASE_URL: url.href,
				REDIS_URL: REDIS!,
				DATA_DIR: dataDir,
				FEED: feed,
				REPLAY_SPEED: '400',
				REPLAY_CONCURRENT: '3',
			});
			procs.push(site.child);
			return site;
		}

		/** A clean slate, so that a retry starts from what a first attempt starts from. */
		async function reset(): Promise<void> {
			for (const p of procs.splice(0)) p.kill('SIGKILL');
			await new Promise((r) => setTimeout(r, 300));
			if (!admin) {
				const { default: postgres } = await import('postgres');
				admin = postgres(PG!, { max: 1, onnotice: () => {} });
			}
			await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin.unsafe(`CREATE DATABASE ${name}`);
		}

		// One retry: the first start imports the data into PostgreSQL while the other suites
		// load both cores; the assertion itself is the same on every attempt.
		it('each process delivers every event to its own clients', {
			retry: 1,
			timeout: 900_000,
		}, async () => {
			await reset();
			const portA = PORT + 200;
			const portB = PORT + 201;
			await waitUp(portB, start(portB, 'off')); // B migrates and imports the data first; A then finds it there.
			const a = new SseClient(`http://127.0.0.1:${portB}/api/live`);
			await a.until(() => a.messages.length >= 1, 30_000); // B's client is connected.
			await waitUp(portA, start(portA, 'replay'));
			const onA = new SseClient(`http://127.0.0.1:${portA}/api/live`);
			try {
				await onA.until(() => onA.ids().length >= 10, 90_000);
				const target = onA.ids().slice(0, 10);
				await a.until(() => target.every((id) => a.ids().includes(id)), 30_000);
				const fromB = a.ids().filter((id) => id >= target[0]! && id <= target.at(-1)!);
				expect(fromB).toEqual(target);
			} finally {
				onA.close();
				a.close();
			}
		});
	},
);
