import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SseClient } from './helpers';

// Needs a build: ASTRO_OUT_DIR=dist-live npx astro build, then LIVE_SITE_DIR=dist-live.
const OUT = process.env.LIVE_SITE_DIR;
const entry = OUT ? join(OUT, 'server', 'entry.mjs') : '';
const PORT = 4790 + Math.floor(Math.random() * 100);

function startSite(dataDir: string): ChildProcess {
	return spawn(process.execPath, [entry], {
		env: {
			...process.env,
			HOST: '127.0.0.1',
			PORT: String(PORT),
			DATABASE_URL: join(dataDir, 'pglite'),
			DATA_DIR: dataDir,
			FEED: 'replay',
			REPLAY_SPEED: '400',
			REPLAY_CONCURRENT: '3',
			REDIS_URL: '',
		},
		stdio: 'ignore',
	});
}

async function waitUp(): Promise<void> {
	for (let i = 0; i < 300; i++) {
		try {
			const r = await fetch(`http://127.0.0.1:${PORT}/robots.txt`);
			if (r.ok) return;
		} catch {
			// Not yet.
		}
		await new Promise((r) => setTimeout(r, 200));
	}
	throw new Error('site did not start');
}

describe.skipIf(!OUT || !existsSync(entry))('the built site (set LIVE_SITE_DIR to a build folder to run)', () => {
	const dataDir = mkdtempSync(join(tmpdir(), 'live-site-'));
	let proc: ChildProcess | undefined;
	afterAll(() => {
		proc?.kill('SIGKILL');
		rmSync(dataDir, { recursive: true, force: true });
	});

	it('F1: kill -9 while the replay feed publishes; resuming with Last-Event-ID has no gap and no duplicate', async () => {
		proc = startSite(dataDir);
		await waitUp();
		const first = new SseClient(`http://127.0.0.1:${PORT}/api/live`);
		await first.until(() => first.ids().length >= 5, 60_000);
		expect(first.headers['content-type']).toMatch(/text\/event-stream/);
		const k = first.ids()[2]!;
		proc.kill('SIGKILL');
		first.close();
		await new Promise((r) => proc!.once('exit', r));
		proc = startSite(dataDir);
		await waitUp();
		const resumed = new SseClient(`http://127.0.0.1:${PORT}/api/live`, { 'Last-Event-ID': String(k) });
		await resumed.until(() => resumed.ids().length >= 10, 60_000);
		// A second reader of the same log range must see exactly the same sequence.
		const check = new SseClient(`http://127.0.0.1:${PORT}/api/live`, { 'Last-Event-ID': String(k) });
		const n = resumed.ids().length;
		await check.until(() => check.ids().length >= n, 60_000);
		resumed.close();
		check.close();
		const ids = resumed.ids();
		expect(resumed.messages[0]?.event).not.toBe('snapshot');
		expect(ids[0]).toBeGreaterThan(k);
		expect(new Set(ids).size).toBe(ids.length);
		expect(ids).toEqual([...ids].sort((a, b) => a - b));
		expect(check.ids().slice(0, n)).toEqual(ids);
		// The pre-kill events after k that the first client saw are all in the resumed stream.
		for (const id of first.ids().filter((i) => i > k)) expect(ids).toContain(id);
	}, 180_000);
});
