import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DataCache } from '~/server/cache/data-cache';
import { matchTag } from '~/server/cache/tags';
import type { DbHandle } from '~/server/db/client';
import { applyLiveChange } from '~/server/live/apply';
import { MemoryBus } from '~/server/live/bus';
import { openTestDb, seedMatches } from './helpers';

// Issue 27, defect 6: after a console write the match page and the API still answered the
// old state for a moment (caches were dropped when the bus event was handled, after the
// editor's answer). An editor's write now drops its own process's caches before it returns.
let handle: DbHandle;
let matchIds: string[];
// Every cache store registers itself with invalidateTags (cache/core.ts).
const store = new DataCache(100);

beforeEach(async () => {
	handle = await openTestDb();
	matchIds = await seedMatches(handle, 1);
	store.clear();
});

afterEach(async () => {
	await handle.close();
});

describe("an editor's write and the caches", () => {
	it('drops the match from the caches before the writer gets its answer', async () => {
		const id = matchIds[0]!;
		let loads = 0;
		const read = () => store.cached(`page:${id}`, 60_000, [matchTag(id)], async () => ++loads);
		expect(await read()).toBe(1);
		expect(await read()).toBe(1); // cached
		// A bus nobody follows: only the write itself can have dropped the entry.
		await applyLiveChange(
			{ matchId: id, kind: 'status', status: 'postponed', minute: null },
			{ db: handle.db, bus: new MemoryBus() },
			{ within: async () => {} },
		);
		expect(await read()).toBe(2);
	});

	it('leaves feed ticks to the bus (no sweep per tick)', async () => {
		const id = matchIds[0]!;
		let loads = 0;
		const read = () => store.cached(`page:${id}`, 60_000, [matchTag(id)], async () => ++loads);
		await read();
		await applyLiveChange(
			{ matchId: id, kind: 'score', status: 'live', minute: 3, score: { home: 1, away: 0 } },
			{ db: handle.db, bus: new MemoryBus() },
		);
		expect(await read()).toBe(1);
	});
});
