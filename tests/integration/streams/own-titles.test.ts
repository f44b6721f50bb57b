import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locale } from '~/i18n/locales';
import { useTranslations } from '~/i18n/server';
import type { DbHandle } from '~/server/db/client';
import { catalogueView } from '~/server/streams/catalogue-view';
import { attachReplayLive, detachReplayLive } from '~/server/streams/match-streams';
import { matchWatchView } from '~/server/streams/match-watch';
import { namesFor } from '~/server/views/names';
import { seedMatches } from '../live/helpers';
import { setupPayments, teardownPayments } from '../payments/helpers';

// Issue 34: "Live (demo feed): France v Iraq" on German pages. The titles the site writes
// itself (the replay feed's, the seeded demo streams') are stored in English and shown in
// the visitor's language, the teams named as everywhere else; an editor's title stays.

let handle: DbHandle;
let matchId: number;
beforeAll(async () => {
	handle = await setupPayments();
	matchId = Number((await seedMatches(handle, 1))[0]);
	// Two national teams, so their names are the visitor's language's (views/names.ts).
	await handle.db.execute(sql`UPDATE teams SET is_national = true,
		country_code = CASE WHEN name = 'Northton' THEN 'FRA' ELSE 'IRQ' END,
		name = CASE WHEN name = 'Northton' THEN 'France' ELSE 'Iraq' END
		WHERE id IN (SELECT home_team_id FROM matches WHERE id = ${matchId}
			UNION SELECT away_team_id FROM matches WHERE id = ${matchId})`);
});
afterAll(() => teardownPayments());

async function ctxOf(locale: Locale) {
	const t = useTranslations(locale);
	return { locale, t, names: await namesFor({ locale, t }) };
}

const input = (page: 'tv' | 'highlight', play: string | null = null) => ({
	page,
	play,
	userId: null,
	country: undefined,
	here: `/de/${page}`,
});

describe("the site's own stream titles", () => {
	it('a replay’s live stream reads in German on the match page, the TV list and its player; English keeps the stored title', async () => {
		await attachReplayLive(handle.db, matchId);
		const de = await ctxOf('de');
		const watch = await matchWatchView(matchId, de);
		expect(watch?.title).toBe('Demo-Liveübertragung: Frankreich – Irak');
		expect(watch?.titleLang).toBeUndefined();

		const tv = await catalogueView(input('tv', `live-m${matchId}`), de);
		const item = tv?.items.find((i) => i.title.includes('Frankreich'));
		expect(item).toMatchObject({ textLang: null, fallbackNote: null });
		expect(tv?.player?.title).toBe('Demo-Liveübertragung: Frankreich – Irak');
		expect(tv?.items.map((i) => i.title)).toContain('Matchday Live: Demo-Spielübertragung');

		const tr = await matchWatchView(matchId, await ctxOf('tr'));
		expect(tr?.title).toBe('Canlı (demo yayını): Fransa – Irak');
		const en = await matchWatchView(matchId, await ctxOf('en'));
		expect(en?.title).toBe('Live (demo feed): France v Iraq');
	});

	it('its highlight and the seeded demo highlight read in German', async () => {
		await detachReplayLive(handle.db, matchId, { highlight: true });
		const view = await catalogueView(input('highlight'), await ctxOf('de'));
		const titles = view?.items.map((i) => i.title);
		expect(titles).toContain('Demo-Highlights: Frankreich – Irak');
		expect(titles).toContain('Tore der Woche (Demo-Aufnahmen)');
	});

	it('a title an editor changed is shown as typed (English, marked as such)', async () => {
		await handle.db.execute(
			sql`UPDATE streams SET title = 'France v Iraq: the goals' WHERE id = ${`highlight-m${matchId}`}`,
		);
		const view = await catalogueView(input('highlight'), await ctxOf('de'));
		const item = view?.items.find((i) => i.title.startsWith('France v Iraq'));
		expect(item?.title).toBe('France v Iraq: the goals');
		expect(item?.textLang).toBe('en');
	});
});
