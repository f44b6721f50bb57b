import { afterEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '~/server/db/client';
import { applyLiveChange } from '~/server/live/apply';
import { RedisBus } from '~/server/live/bus';
import { CuttableProxy } from '../../helpers/tcp-proxy';
import { openTestDb, seedMatches, SseClient, startHubServer, type TestServer } from './helpers';

const REDIS = process.env.TEST_REDIS_URL;

describe.skipIf(!REDIS)('live over Redis (set TEST_REDIS_URL to run against a real Redis)', () => {
	let handle: DbHandle;
	const servers: TestServer[] = [];
	const clients: SseClient[] = [];
	afterEach(async () => {
		for (const c of clients.splice(0)) c.close();
		for (const s of servers.splice(0)) await s.close();
		await handle?.close();
	});

	it('two servers sharing one Redis each deliver every event to their own clients', async () => {
		handle = await openTestDb();
		const [m] = await seedMatches(handle, 1);
		const busA = new RedisBus(REDIS!);
		const busB = new RedisBus(REDIS!);
		// Long backstop polls: delivery to B must come through Redis, not the log.
		const a = await startHubServer(handle, busA, { safetyPollMs: 600_000 });
		const b = await startHubServer(handle, busB, { safetyPollMs: 600_000 });
		servers.push(a, b);
		await new Promise<void>((r) => {
			const check = () =>
				busA.mode === 'redis' && busB.mode === 'redis' ? r() : setTimeout(check, 20);
			check();
		});
		const ca = new SseClient(`${a.url}/api/live?matches=${m}`);
		const cb = new SseClient(`${b.url}/api/live?matches=${m}`);
		clients.push(ca, cb);
		await Promise.all([ca, cb].map((c) => c.until(() => c.messages.length >= 1)));
		const ids: number[] = [];
		for (let i = 1; i <= 20; i++) {
			const bus = i % 2 ? busA : busB;
			ids.push(
				(
					await applyLiveChange(
						{ matchId: m!, kind: 'score', status: 'live', score: { home: i, away: 0 } },
						{ db: handle.db, bus },
					)
				).id,
			);
		}
		await Promise.all([ca, cb].map((c) => c.until(() => c.ids().length >= 20)));
		expect(ca.ids()).toEqual(ids);
		expect(cb.ids()).toEqual(ids);
	});

	it('F3: Redis down at start-up and cut mid-stream: degraded delivery, then recovery, nothing lost', async () => {
		handle = await openTestDb();
		const [m] = await seedMatches(handle, 1);
		const redis = new URL(REDIS!);
		// A proxy in front of Redis that the test cuts and restores (never the real server).
		const proxy = new CuttableProxy(redis.hostname, Number(redis.port || 6379));
		await proxy.start();
		const port = proxy.port;
		await proxy.cut(); // Redis unreachable when A starts.
		const busA = new RedisBus(`redis://127.0.0.1:${proxy.port}`, { retryMaxMs: 200 });
		const busB = new RedisBus(REDIS!);
		const a = await startHubServer(handle, busA, { pollMs: 100, safetyPollMs: 300 });
		const b = await startHubServer(handle, busB, { pollMs: 100, safetyPollMs: 300 });
		servers.push(a, b);
		expect(busA.mode).toBe('degraded');
		const ca = new SseClient(`${a.url}/api/live?matches=${m}`);
		const cb = new SseClient(`${b.url}/api/live?matches=${m}`);
		clients.push(ca, cb);
		await Promise.all([ca, cb].map((c) => c.until(() => c.messages.length >= 1)));
		const ids: number[] = [];
		const write = async (bus: RedisBus, i: number) =>
			ids.push(
				(
					await applyLiveChange(
						{ matchId: m!, kind: 'score', status: 'live', score: { home: i, away: 0 } },
						{ db: handle.db, bus },
					)
				).id,
			);
		for (let i = 1; i <= 5; i++) await write(i % 2 ? busA : busB, i);
		await Promise.all([ca, cb].map((c) => c.until(() => c.ids().length >= 5)));
		// Redis returns for A.
		proxy.port = port;
		await proxy.start();
		await new Promise<void>((r) => {
			const check = () => (busA.mode === 'redis' ? r() : setTimeout(check, 20));
			check();
		});
		for (let i = 6; i <= 10; i++) await write(i % 2 ? busA : busB, i);
		await Promise.all([ca, cb].map((c) => c.until(() => c.ids().length >= 10)));
		// Killed mid-stream.
		await proxy.cut();
		await new Promise<void>((r) => {
			const check = () => (busA.mode === 'degraded' ? r() : setTimeout(check, 20));
			check();
		});
		for (let i = 11; i <= 15; i++) await write(i % 2 ? busA : busB, i);
		await Promise.all([ca, cb].map((c) => c.until(() => c.ids().length >= 15)));
		proxy.port = port;
		await proxy.start();
		for (let i = 16; i <= 20; i++) await write(i % 2 ? busA : busB, i);
		await Promise.all([ca, cb].map((c) => c.until(() => c.ids().length >= 20)));
		expect(ca.ids()).toEqual(ids);
		expect(cb.ids()).toEqual(ids);
		await proxy.cut();
	});
});
