import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { makeNames } from '~/server/views/names';
import type { DbHandle } from '~/server/db/client';
import { resolveHighlight, streamSitemapPaths } from '~/server/streams/catalogue';
import { catalogueView } from '~/server/streams/catalogue-view';
import { detachReplayLive } from '~/server/streams/match-streams';
import { seedMatches } from '../live/helpers';
import { setupPayments, teardownPayments } from './helpers';

let handle: DbHandle;
beforeAll(async () => {
	handle = await setupPayments();
});
afterAll(() => teardownPayments());

const t = useTranslations('en');
// English keeps the data's names: no national teams to look up.
const ctx = { locale: 'en' as const, t, names: makeNames({ locale: 'en', t }, new Map()) };
const input = (page: 'tv' | 'highlight') => ({
	page,
	play: null,
	userId: null,
	country: undefined,
	here: `/en/${page}`,
});

// Issue 12: the media pages were text-only cards. Each card now carries the kind's code (its
// drawn thumbnail) and whether it is free (a play mark, or a lock), as well as the words.
describe('media catalogue cards', () => {
	it('TV lists the live feed and the channel, each with its kind code and locked for a visitor', async () => {
		const view = await catalogueView(input('tv'), ctx);
		expect(view?.items.map((i) => i.kindCode).sort()).toEqual(['live', 'tv']);
		for (const item of view?.items ?? []) {
			expect(item.free).toBe(false);
			expect(item.badge).toBe('Plan required');
		}
	});

	it('highlights are free, and say so', async () => {
		const view = await catalogueView(input('highlight'), ctx);
		expect(view?.items.length).toBeGreaterThan(0);
		expect(view?.items.every((i) => i.kindCode === 'highlight' && i.free)).toBe(true);
		expect(view?.items[0]?.badge).toBe('Free');
	});
});

// Issue 14: `/match-highlight/{id}` takes a match id; the old stream-slug addresses move.
describe('/match-highlight/{match id}', () => {
	it('a match id plays that match’s highlight; its old slug answers 301 to it; a highlight of no match keeps its slug', async () => {
		const [seeded] = await seedMatches(handle, 1);
		const matchId = Number(seeded);
		// A replay ending leaves its demo highlight on the match (`highlight-m<match>`).
		await detachReplayLive(handle.db, matchId, { highlight: true });

		expect(await resolveHighlight(String(matchId))).toEqual({ play: `highlight-m${matchId}` });
		expect(await resolveHighlight(`highlight-m${matchId}`)).toEqual({
			moved: `/match-highlight/${matchId}`,
		});
		expect(await resolveHighlight('demo-highlight')).toEqual({ play: 'demo-highlight' });
		// Nothing there: a match without highlights, a stream of another kind, a bad slug.
		expect(await resolveHighlight(String(matchId + 100_000))).toBeUndefined();
		expect(await resolveHighlight('demo-tv')).toBeUndefined();
		expect(await resolveHighlight('../etc')).toBeUndefined();

		const view = await catalogueView(input('highlight'), ctx);
		const hrefs = view?.items.map((i) => i.href) ?? [];
		expect(hrefs).toContain(`/en/match-highlight/${matchId}`);
		expect(hrefs).toContain('/en/match-highlight/demo-highlight');
		expect(hrefs).not.toContain(`/en/match-highlight/highlight-m${matchId}`);
		// A replay's demo highlight lasts minutes (the newest 12 are kept): not in the sitemap,
		// whose addresses must still answer when a crawler comes. A lasting one is.
		const paths = await streamSitemapPaths();
		expect(paths).not.toContain(`/match-highlight/${matchId}`);
		expect(paths).toContain('/match-highlight/demo-highlight');
	});
});
