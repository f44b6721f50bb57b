import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SseClient } from './helpers';
import { type SiteProcess, spawnSite, waitUp } from './site-process';

// `npm start` with WEB_CONCURRENCY=2 on PostgreSQL and Redis: one primary, two server
// processes on one port, the live feed in one of them (scripts/workers.mjs).
const OUT = process.env.LIVE_SITE_DIR;
const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const entry = OUT ? join(OUT, 'server', 'entry.mjs') : '';
const START = join(process.cwd(), 'scripts', 'start.mjs');
const PORT = 5090 + Math.floor(Math.random() * 100);

const children = (pid: number): number[] => {
	try {
		return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
			.trim()
			.split('\n')
			.filter(Boolean)
			.map(Number);
	} catch {
		return []; // pgrep exits 1 when there are none.
	}
};

describe.skipIf(!OUT || !existsSync(entry) || !PG || !REDIS)(
	'npm start on every core (set LIVE_SITE_DIR, TEST_DATABASE_URL, TEST_REDIS_URL)',
	() => {
		const name = `workers_${Date.now().toString(36)}`;
		const dataDir = mkdtempSync(join(tmpdir(), 'workers-'));
		let site: SiteProcess | undefined;
		let admin: import('postgres').Sql | undefined;
		afterAll(async () => {
			const pid = site?.child.pid;
			if (pid) for (const c of children(pid)) process.kill(c, 'SIGKILL');
			site?.child.kill('SIGKILL');
			await new Promise((r) => setTimeout(r, 300));
			await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
			await admin?.end({ timeout: 5 });
			rmSync(dataDir, { recursive: true, force: true });
		});

		it('two server processes share the port; every client gets every event in order; SIGTERM stops them all', {
			timeout: 600_000,
		}, async () => {
			const { default: postgres } = await import('postgres');
			admin = postgres(PG!, { max: 1, onnotice: () => {} });
			await admin.unsafe(`CREATE DATABASE ${name}`);
			const url = new URL(PG!);
			url.pathname = `/${name}`;
			site = spawnSite(START, {
				ASTRO_OUT_DIR: OUT!,
				HOST: '127.0.0.1',
				PORT: String(PORT),
				DATABASE_URL: url.href,
				REDIS_URL: REDIS!,
				DATA_DIR: dataDir,
				WEB_CONCURRENCY: '2',
				FEED: 'replay',
				REPLAY_SPEED: '400',
				REPLAY_CONCURRENT: '3',
			});
			await waitUp(PORT, site);
			const primary = site.child.pid!;
			const deadline = Date.now() + 120_000;
			while (!site.output().includes('2 server processes') && Date.now() < deadline)
				await new Promise((r) => setTimeout(r, 200));
			expect(site.output()).toContain('2 server processes');
			expect(children(primary)).toHaveLength(2);

			// Connections go round the workers: four clients reach both. The feed runs in one
			// worker; the other hears it through Redis. Every client sees the same events.
			const clients = Array.from(
				{ length: 4 },
				() => new SseClient(`http://127.0.0.1:${PORT}/api/live`),
			);
			try {
				const [first] = clients;
				await first!.until(() => first!.ids().length >= 10, 120_000);
				const target = first!.ids().slice(0, 10);
				for (const c of clients.slice(1)) {
					await c.until(() => target.every((id) => c.ids().includes(id)), 30_000);
					expect(c.ids().filter((id) => id >= target[0]! && id <= target.at(-1)!)).toEqual(target);
				}
			} finally {
				for (const c of clients) c.close();
			}

			// A graceful stop: the primary stops its workers, then itself.
			const workers = children(primary);
			const exited = new Promise<number | null>((resolve) => site!.child.once('exit', resolve));
			site.child.kill('SIGTERM');
			expect(await exited).toBe(0);
			for (const pid of workers) expect(() => process.kill(pid, 0)).toThrow();
		});
	},
);
