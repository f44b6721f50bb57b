import { connect } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '~/server/db/client';
import { sql } from 'drizzle-orm';
import { rowsOf } from '~/server/db/rows';
import { applyLiveChange } from '~/server/live/apply';
import { MemoryBus } from '~/server/live/bus';
import { openTestDb, seedMatches, SseClient, startHubServer, type TestServer } from './helpers';

let handle: DbHandle;
let bus: MemoryBus;
let server: TestServer | undefined;
let matchIds: string[];
const clients: SseClient[] = [];

function client(url: string, headers?: Record<string, string>): SseClient {
	const c = new SseClient(url, headers);
	clients.push(c);
	return c;
}

async function goal(matchId: string, home: number, away: number) {
	return applyLiveChange(
		{ matchId, kind: 'score', status: 'live', minute: home + away, score: { home, away } },
		{ db: handle.db, bus },
	);
}

beforeEach(async () => {
	handle = await openTestDb();
	bus = new MemoryBus();
	matchIds = await seedMatches(handle, 2);
});

afterEach(async () => {
	for (const c of clients.splice(0)) c.close();
	await server?.close();
	server = undefined;
	await handle.close();
});

describe('GET /api/live on the hub', () => {
	it('F6: sends SSE headers, a retry hint, a snapshot, then events and heartbeats', async () => {
		server = await startHubServer(handle, bus, { heartbeatMs: 100 });
		const c = client(`${server.url}/api/live?matches=${matchIds[0]}`);
		await c.until(() => c.messages.length >= 1);
		expect(c.status).toBe(200);
		expect(c.headers['content-type']).toMatch(/^text\/event-stream/);
		expect(c.headers['cache-control']).toMatch(/no-cache/);
		expect(c.headers['x-accel-buffering']).toBe('no');
		expect(c.retries.length).toBeGreaterThan(0);
		expect(c.messages[0]?.event).toBe('snapshot');
		const event = await goal(matchIds[0]!, 1, 0);
		await c.until(() => c.ids().includes(event.id));
		const msg = c.messages.at(-1)!;
		expect(msg).toMatchObject({ id: String(event.id), event: 'score' });
		expect(msg.data).toMatchObject({
			matchId: matchIds[0],
			score: { home: 1, away: 0 },
			status: 'live',
		});
		await c.until(() => c.pings >= 2);
	});

	it('filters by ?matches and ignores invalid ids without an error', async () => {
		server = await startHubServer(handle, bus);
		const only = client(`${server.url}/api/live?matches=${matchIds[1]},abc,%27;DROP`);
		await only.until(() => only.messages.length >= 1);
		expect(only.status).toBe(200);
		await goal(matchIds[0]!, 1, 0);
		const e2 = await goal(matchIds[1]!, 0, 1);
		await only.until(() => only.ids().includes(e2.id));
		expect(only.messages.filter((m) => m.event !== 'snapshot').map((m) => m.data.matchId)).toEqual([
			matchIds[1],
		]);
	});

	it.each([
		'abc',
		'-1',
		'99999999999999999999',
		'x'.repeat(10_000),
		'1; DROP TABLE live_events--',
		'999999',
	])('F2: Last-Event-ID %s gives 200 and a snapshot first', async (bad) => {
		server = await startHubServer(handle, bus);
		await goal(matchIds[0]!, 1, 0);
		const c = client(`${server.url}/api/live?matches=${matchIds[0]}`, {
			'Last-Event-ID': bad.slice(0, 8000),
		});
		await c.until(() => c.messages.length >= 1);
		expect(c.status).toBe(200);
		expect(c.messages[0]?.event).toBe('snapshot');
		const snap = c.messages[0]!.data as { matches: Array<{ matchId: string; score: unknown }> };
		expect(snap.matches[0]).toMatchObject({ matchId: matchIds[0], score: { home: 1, away: 0 } });
	});

	it('F1: a client resuming with Last-Event-ID gets every later event once, in order, after a crash', async () => {
		server = await startHubServer(handle, bus);
		const first = client(`${server.url}/api/live`);
		await first.until(() => first.messages.length >= 1);
		const published: number[] = [];
		for (let i = 1; i <= 10; i++) published.push((await goal(matchIds[i % 2]!, i, 0)).id);
		await first.until(() => first.ids().length >= 4);
		const k = first.ids()[3]!;
		// Crash: the server disappears without saying goodbye, while events keep coming.
		server.server.closeAllConnections();
		await server.close();
		server = undefined;
		for (let i = 11; i <= 20; i++) published.push((await goal(matchIds[i % 2]!, i, 0)).id);
		server = await startHubServer(handle, bus);
		const resumed = client(`${server.url}/api/live`, { 'Last-Event-ID': String(k) });
		for (let i = 21; i <= 25; i++) published.push((await goal(matchIds[i % 2]!, i, 0)).id);
		await resumed.until(() => resumed.ids().length >= published.filter((id) => id > k).length);
		expect(resumed.messages.some((m) => m.event === 'snapshot')).toBe(false);
		expect(resumed.ids()).toEqual(published.filter((id) => id > k));
	});

	it('F8: a failed write is never published and order is commit order', async () => {
		server = await startHubServer(handle, bus);
		const c = client(`${server.url}/api/live?matches=${matchIds[0]}`);
		await c.until(() => c.messages.length >= 1);
		// A real database failure inside the transaction, after the event row was inserted.
		await handle.exec(`CREATE FUNCTION live_fail() RETURNS trigger AS $$ BEGIN
			IF NEW.payload->'score'->>'home' = '13' THEN RAISE EXCEPTION 'disk full'; END IF; RETURN NEW; END $$ LANGUAGE plpgsql;
			CREATE TRIGGER live_fail BEFORE INSERT ON live_events FOR EACH ROW EXECUTE FUNCTION live_fail();`);
		const writes = Array.from({ length: 50 }, (_, i) => goal(matchIds[0]!, i + 1, 0));
		const results = await Promise.allSettled(writes);
		expect(results.filter((r) => r.status === 'rejected')).toHaveLength(1);
		const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
		await c.until(() => c.ids().length >= 49);
		expect(c.ids()).toEqual(ok);
		const homes = c.messages
			.filter((m) => m.event === 'score')
			.map((m) => (m.data.score as { home: number }).home);
		expect(homes).not.toContain(13);
		expect(homes).toEqual([...homes].sort((a, b) => a - b));
		// The rolled-back write left the match as it was before it.
		const rows = rowsOf<{ ft_home: number }>(
			await handle.db.execute(sql`SELECT ft_home FROM matches WHERE id = ${Number(matchIds[0])}`),
		);
		expect(rows[0]?.ft_home).toBe(50);
	});

	it('F4: a client that stops reading is dropped; the others keep receiving', async () => {
		server = await startHubServer(handle, bus, { maxQueueBytes: 64 * 1024 });
		const good = client(`${server.url}/api/live`);
		await good.until(() => good.messages.length >= 1);
		// A raw socket that sends the request and never reads.
		const slow = connect(Number(new URL(server.url).port), '127.0.0.1');
		slow.pause();
		slow.write('GET /api/live HTTP/1.1\r\nHost: x\r\n\r\n');
		await new Promise((r) => setTimeout(r, 100));
		// About 5 KB per event, so the kernel's socket buffers fill in a few hundred events.
		const stats = Object.fromEntries(
			Array.from({ length: 100 }, (_, k) => [`${'s'.repeat(36)}${k}`, [k, k] as [number, number]]),
		);
		let last = 0;
		for (let i = 0; i < 4000 && server.hub.stats().dropped === 0; i++) {
			// PGlite answers through microtasks only: let the event loop turn so sockets flush.
			await new Promise((r) => setImmediate(r));
			last = (
				await applyLiveChange(
					{ matchId: matchIds[0]!, kind: 'stats', stats, minute: i % 200 },
					{ db: handle.db, bus },
				)
			).id;
		}
		expect(server.hub.stats().dropped).toBe(1);
		expect(good.ended).toBe(false);
		await good.until(() => good.ids().includes(last));
		expect(server.hub.stats().clients).toBe(1);
		slow.destroy();
	});

	it('F5: listener and client counts return to baseline after mass disconnects', async () => {
		server = await startHubServer(handle, bus);
		const base = { ...server.hub.stats() };
		for (let round = 0; round < 3; round++) {
			const many = Array.from({ length: 100 }, () => client(`${server!.url}/api/live`));
			await Promise.all(many.map((c) => c.until(() => c.messages.length >= 1)));
			expect(server.hub.stats().clients).toBe(100);
			for (const c of many) c.close();
			await new Promise<void>((resolve) => {
				const check = () => (server!.hub.stats().clients === 0 ? resolve() : setTimeout(check, 20));
				check();
			});
		}
		expect(server.hub.stats().clients).toBe(base.clients);
		expect(server.hub.stats().busListeners).toBe(base.busListeners);
	});

	it('SIGTERM shutdown tells clients to retry and closes their streams', async () => {
		server = await startHubServer(handle, bus);
		const c = client(`${server.url}/api/live`);
		await c.until(() => c.messages.length >= 1);
		server.hub.shutdown(500);
		await c.until(() => c.ended);
		expect(c.retries.at(-1)).toBe(500);
	});
});
