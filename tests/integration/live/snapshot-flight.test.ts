import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DbHandle } from '~/server/db/client';
import { applyLiveChange } from '~/server/live/apply';
import { MemoryBus } from '~/server/live/bus';
import { LiveHub, type SseSink } from '~/server/live/hub';
import type { Queryable } from '~/server/live/log';
import { takeStreamSlot } from '~/server/live/connection-cap';
import { openTestDb, seedMatches } from './helpers';

let handle: DbHandle;
let bus: MemoryBus;
let hub: LiveHub | undefined;
let matchIds: string[];

beforeEach(async () => {
	handle = await openTestDb();
	bus = new MemoryBus();
	matchIds = await seedMatches(handle, 2);
});

afterEach(async () => {
	await hub?.close();
	hub = undefined;
	await handle.close();
});

/** The database, counting the queries run through it. */
function counting(db: Queryable): { db: Queryable; queries: () => number } {
	let n = 0;
	const wrapped = new Proxy(db, {
		get(target, key, receiver) {
			const value = Reflect.get(target, key, receiver);
			if (typeof value !== 'function') return value;
			return (...args: unknown[]) => {
				n++;
				return (value as (...a: unknown[]) => unknown).apply(target, args);
			};
		},
	});
	return { db: wrapped, queries: () => n };
}

/** A sink that keeps what it was sent, parsed into SSE messages. */
function memorySink() {
	let text = '';
	const sink: SseSink = {
		write: (chunk) => void (text += chunk),
		backlog: () => 0,
		close: () => {},
	};
	const ids = () =>
		text
			.split('\n\n')
			.filter((block) => /^event: (?!snapshot)/m.test(block))
			.map((block) => Number(/^id: (\d+)/m.exec(block)?.[1]));
	const snapshots = () => text.split('\n\n').filter((b) => /^event: snapshot/m.test(b)).length;
	return { sink, ids, snapshots };
}

describe('finding 13: live streams', () => {
	it('finding 13: 50 clients arriving together share one snapshot build', async () => {
		const counter = counting(handle.db);
		hub = new LiveHub({ bus, db: async () => counter.db });
		await hub.start();
		const before = counter.queries();
		const sinks = Array.from({ length: 50 }, memorySink);
		await Promise.all(sinks.map((s) => hub!.connect(s.sink, { matches: null, lastEventId: null })));
		for (const s of sinks) expect(s.snapshots()).toBe(1);
		// One build is three queries (position, states, timelines); 50 separate builds were 150.
		expect(counter.queries() - before).toBeLessThanOrEqual(6);
	});

	it('finding 13: clients sharing a build still get every later event exactly once, in order', async () => {
		hub = new LiveHub({ bus, db: async () => handle.db });
		await hub.start();
		const sinks = Array.from({ length: 20 }, memorySink);
		const published: number[] = [];
		const writes = (async () => {
			for (let i = 1; i <= 15; i++)
				published.push(
					(
						await applyLiveChange(
							{
								matchId: matchIds[i % 2]!,
								kind: 'score',
								status: 'live',
								minute: i,
								score: { home: i, away: 0 },
							},
							{ db: handle.db, bus },
						)
					).id,
				);
		})();
		// Clients connect while the goals are being written, a few at a time.
		for (let i = 0; i < sinks.length; i += 4) {
			await Promise.all(
				sinks
					.slice(i, i + 4)
					.map((s) => hub!.connect(s.sink, { matches: null, lastEventId: null })),
			);
		}
		await writes;
		await new Promise((r) => setTimeout(r, 200));
		for (const s of sinks) {
			const ids = s.ids();
			expect(new Set(ids).size).toBe(ids.length);
			expect(ids).toEqual([...ids].sort((a, b) => a - b));
			// Whatever came after its snapshot is exactly the tail of what was published.
			expect(ids).toEqual(published.slice(published.length - ids.length));
		}
	});

	it('finding 13: the per-client stream slots are capped and freed exactly once', () => {
		const releases = Array.from({ length: 3 }, () => takeStreamSlot('198.51.100.9', 3));
		expect(releases.every(Boolean)).toBe(true);
		expect(takeStreamSlot('198.51.100.9', 3)).toBeNull();
		expect(takeStreamSlot('198.51.100.10', 3)).not.toBeNull();
		releases[0]!();
		releases[0]!();
		const again = takeStreamSlot('198.51.100.9', 3);
		expect(again).not.toBeNull();
		expect(takeStreamSlot('198.51.100.9', 3)).toBeNull();
	});
});

describe('finding 13: the stream cap setting', () => {
	it('finding 13: LIVE_MAX_STREAMS_PER_CLIENT defaults to 100 and a bad value stops the start naming it', async () => {
		const { config, resetConfigForTests } = await import('~/server/config');
		const saved = process.env.LIVE_MAX_STREAMS_PER_CLIENT;
		try {
			delete process.env.LIVE_MAX_STREAMS_PER_CLIENT;
			resetConfigForTests();
			expect(config().LIVE_MAX_STREAMS_PER_CLIENT).toBe(100);
			for (const bad of ['0', '-5', 'many', '1.5']) {
				process.env.LIVE_MAX_STREAMS_PER_CLIENT = bad;
				resetConfigForTests();
				expect(() => config(), bad).toThrow(/LIVE_MAX_STREAMS_PER_CLIENT/);
			}
			process.env.LIVE_MAX_STREAMS_PER_CLIENT = '3';
			resetConfigForTests();
			expect(config().LIVE_MAX_STREAMS_PER_CLIENT).toBe(3);
		} finally {
			if (saved === undefined) delete process.env.LIVE_MAX_STREAMS_PER_CLIENT;
			else process.env.LIVE_MAX_STREAMS_PER_CLIENT = saved;
			resetConfigForTests();
		}
	});
});
