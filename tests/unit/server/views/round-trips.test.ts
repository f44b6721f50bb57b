import { PGlite } from '@electric-sql/pglite';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
	openDatabase,
	setDbHandleForTests,
	type Database,
	type DbHandle,
} from '~/server/db/client';
import { clearDataCache } from '~/server/cache/data-cache';
import { resetConfigForTests } from '~/server/config';
import { invalidateTags, STREAMS_TAG, streamTag } from '~/server/cache/tags';
import { streams } from '~/server/db/schema';
import { getGamesPanel } from '~/server/games/page';
import { matchWatchView } from '~/server/streams/match-watch';
import { resolveDeprecated } from '~/server/football/deprecated';
import { importFootballData } from '~/server/football/import';
import { SOURCE_FILES } from '~/server/football/import/sources';
import { useTranslations } from '~/i18n/server';
import type { ViewContext } from '~/server/views/context';
import { getDayPage, getHomeView } from '~/server/views/day-page';
import { getFixturesPage } from '~/server/views/fixtures-page';
import { getH2HForm, getH2HPage } from '~/server/views/h2h-page';
import { getLeaguePage, getLeagueView } from '~/server/views/league-page';
import { getMatchCentre, getMatchCentreView } from '~/server/views/match-page';
import { namesFor } from '~/server/views/names';
import { whatsOnView } from '~/server/views/whats-on';

// The page data functions on a real in-memory PGlite with part of the shipped data, counting
// database round trips: the popular pages (home, match) cost one on a miss and none on a hit.

let handle: DbHandle;
let trips = 0;

function counting(db: Database): Database {
	return new Proxy(db, {
		get(target, prop, receiver) {
			if (prop === 'execute') {
				return (...args: Parameters<Database['execute']>) => {
					trips++;
					return target.execute(...args);
				};
			}
			return Reflect.get(target, prop, receiver);
		},
	});
}

beforeAll(async () => {
	// The pages start the live feed; its replays would write beside the statements counted.
	process.env.FEED = 'off';
	resetConfigForTests();
	handle = await openDatabase('memory://');
	const files = SOURCE_FILES.filter(
		(f) => f.path.includes('2025-26/en.1') || f.path.includes('worldcup.json/2022'),
	);
	await importFootballData(handle.db, { files, now: new Date('2026-08-01T00:00:00Z') });
	setDbHandleForTests({ ...handle, db: counting(handle.db) });
	clearDataCache();
}, 120_000);

afterAll(async () => {
	setDbHandleForTests(undefined);
	await handle.close();
});

describe('home: a day of matches', () => {
	it('costs one round trip on a miss and none on a hit', async () => {
		trips = 0;
		const first = await getDayPage('2025-08-15', 'Europe/Berlin');
		expect(trips).toBe(1);
		expect(first.mode).toBe('date');
		const names = first.day.groups
			.flatMap((g) => g.matches)
			.map((m) => `${m.home.name} v ${m.away.name}`);
		expect(names).toContain('Liverpool FC v AFC Bournemouth');
		await getDayPage('2025-08-15', 'Europe/Berlin');
		expect(trips).toBe(1);
	});

	it('uses the visitor zone for the day boundaries', async () => {
		// Tokyo's 22 November starts at 15:00 UTC on the 21st: other matches than UTC's day.
		const tokyo = await getDayPage('2022-11-22', 'Asia/Tokyo');
		const utc = await getDayPage('2022-11-22', 'UTC');
		const ids = (d: typeof utc) =>
			d.day.groups
				.flatMap((g) => g.matches)
				.map((m) => m.id)
				.sort();
		expect(ids(tokyo)).not.toEqual(ids(utc));
		expect(ids(utc).length).toBe(4);
	});

	it('an unknown key is the empty state offering the nearest day with matches', async () => {
		const data = await getDayPage('no-such-thing', 'UTC', new Date('2026-11-22T12:00:00Z'));
		expect(data.mode).toBe('invalid');
		expect(data.day.total).toBe(0);
		expect(data.nearest).toMatch(/^2026-0[5-7]-\d{2}$/);
		const empty = await getDayPage('2030-01-01', 'UTC');
		expect(empty.day.total).toBe(0);
		expect(empty.nearest).not.toBeNull();
	});

	it('a competition slug jumps to its nearest day with matches', async () => {
		const data = await getDayPage('world-cup', 'UTC', new Date('2022-11-19T12:00:00Z'));
		expect(data.mode).toBe('competition');
		expect(data.date).toBe('2022-11-20');
		expect(data.day.groups).toHaveLength(1);
	});
});

describe('match centre', () => {
	it('costs one round trip on a miss and none on a hit; unknown ids are undefined', async () => {
		const day = await getDayPage('2022-12-18', 'UTC');
		const final = day.day.groups
			.flatMap((g) => g.matches)
			.find((m) => m.home.name === 'Argentina')!;
		trips = 0;
		const centre = await getMatchCentre(String(final.id));
		expect(trips).toBe(1);
		expect(centre!.live).toBeNull();
		expect(centre!.detail.events.filter((e) => e.type === 'goal')).toHaveLength(6);
		await getMatchCentre(String(final.id));
		expect(trips).toBe(1);
		expect(await getMatchCentre('99999999')).toBeUndefined();
		expect(await getMatchCentre('1; DROP TABLE matches')).toBeUndefined();
		expect(await getMatchCentre(undefined)).toBeUndefined();
	});
});

describe('other pages', () => {
	it('league: latest season by default, a past season on request, 404 otherwise', async () => {
		const list = await getFixturesPage(
			new URLSearchParams('competition=premier-league&page=1'),
			'UTC',
		);
		const id = list.competition!.id;
		const league = await getLeaguePage(String(id), null);
		expect(league!.standings.season.label).toBe('2025-26');
		expect(league!.latest).toBe(true);
		expect(await getLeaguePage(String(id), '2019-20')).toBeUndefined();
		expect(await getLeaguePage(String(id), 'x')).toBeUndefined();
		expect(await getLeaguePage('abc', null)).toBeUndefined();
	});

	it('fixtures: filters are validated, pages clamped', async () => {
		const bad = await getFixturesPage(
			new URLSearchParams('date=2025-02-30&competition=nope&page=-1'),
			'UTC',
			new Date('2025-08-16T12:00:00Z'),
		);
		expect(bad.date).toBe('2025-08-16');
		expect(bad.competition).toBeNull();
		const last = await getFixturesPage(
			new URLSearchParams('competition=premier-league&page=999'),
			'UTC',
		);
		expect(last.list!.page).toBe(last.list!.pages);
		expect(last.list!.items.length).toBeGreaterThan(0);
	});

	it('head-to-head: the form redirects only for two different known teams', async () => {
		expect((await getH2HForm(new URLSearchParams('team1=argentina&team2=france'))).redirect).toBe(
			'/team/head-to-head/argentina-vs-france',
		);
		expect((await getH2HForm(new URLSearchParams('team1=argentina&team2=argentina'))).error).toBe(
			'same',
		);
		expect(
			(await getH2HForm(new URLSearchParams('team1=//evil.com&team2=france'))).redirect,
		).toBeNull();
		const page = await getH2HPage('argentina-vs-france');
		expect(page!.h2h.played).toBe(page!.matches.length);
		expect(await getH2HPage('argentina')).toBeUndefined();
	});

	it('deprecated: moved pages, competitions by slug, gone otherwise', async () => {
		expect(await resolveDeprecated('schedule', 'de')).toBe('/de/fixtures-results');
		expect(await resolveDeprecated('epl', 'en')).toBe('/en/league/premier-league');
		expect(await resolveDeprecated('nothing-here', 'en')).toBeNull();
	});
});

describe('route-cache tags', () => {
	it('a day page is tagged with each of its matches', async () => {
		const { dayTags } = await import('~/server/views/day-page');
		const data = await getDayPage('2022-12-18', 'UTC');
		const ids = data.day.groups.flatMap((g) => g.matches).map((m) => `match:${m.id}`);
		expect(ids.length).toBeGreaterThan(0);
		expect(dayTags(data)).toEqual(['home', 'lists', ...ids]);
	});
});

describe('views', () => {
	const ctx: ViewContext = {
		locale: 'de',
		t: useTranslations('de'),
		origin: 'https://example.test',
		timeZone: 'Europe/Berlin',
	};

	it('cost no round trip beyond their loader and come localised', async () => {
		await getDayPage('2022-12-18', 'Europe/Berlin');
		// The national teams' place codes (views/names.ts): one lookup kept for ten minutes.
		await namesFor(ctx);
		trips = 0;
		const home = await getHomeView('2022-12-18', ctx);
		expect(trips).toBe(0);
		expect(home.day.blocks[0]!.href).toBe('/de/league/world-cup');
		expect(home.day.blocks[0]!.rows[0]!.href).toMatch(/^\/de\/match\/\d+$/);
		expect(home.tags.slice(0, 2)).toEqual(['home', 'lists']);
		expect(JSON.stringify(home.structuredData)).toContain('https://example.test/de/match/');
	});

	it('the match centre: meetings dated in the visitor zone, the beacon and the calendar links', async () => {
		const day = await getDayPage('2022-12-18', 'UTC');
		const final = day.day.groups
			.flatMap((g) => g.matches)
			.find((m) => m.home.name === 'Argentina')!;
		await getMatchCentre(String(final.id));
		// The view also reads the season's dates and canonical page (for JSON-LD and the
		// crumb), both from the data cache: warm, they cost nothing either.
		await getMatchCentreView(String(final.id), ctx);
		trips = 0;
		const view = (await getMatchCentreView(String(final.id), ctx))!;
		expect(trips).toBe(0);
		expect(view.beacon).toBe(`/de/match/${final.id}/seen.gif`);
		expect(view.live).toBeNull();
		expect(view.scoreboard.code).toBe(final.status);
		expect(view.scoreboard.status).toBeTruthy();
		// The shipped data has scorers but no line-ups or statistics: one line says so.
		expect(view.lineups).toBeNull();
		expect(view.notKnown).toBe(ctx.t('football:match.notKnown'));
		expect(view.timeline.filter((e) => e.type === 'goal')).toHaveLength(6);
		expect(view.calendar.map((c) => c.https)).toContain(
			`https://example.test/api/calendar/team/${final.home.id}.ics?locale=de`,
		);
		expect(view.calendar[0]!.webcal).toMatch(/^webcal:\/\/example.test\//);
		expect(view.allMeetingsHref).toBe(
			`/de/team/head-to-head/${final.home.slug}-vs-${final.away.slug}`,
		);
	});

	it('the league page: a link per season, the latest without ?season', async () => {
		const list = await getFixturesPage(
			new URLSearchParams('competition=premier-league&page=1'),
			'UTC',
		);
		const view = (await getLeagueView(String(list.competition!.id), null, ctx))!;
		expect(view.seasons[0]).toMatchObject({
			href: '/de/league/premier-league',
			current: true,
		});
		expect(view.tables.every((tb) => !tb.live)).toBe(true);
		expect(await getLeagueView('abc', null, ctx)).toBeUndefined();
	});
});

// Issue 12: the first screen of the site is never empty. A today without matches of its
// own shows the latest results of the main competitions and their tables instead of "There
// are no matches on this day".
describe('home: today without matches', () => {
	const en: ViewContext = {
		locale: 'en',
		t: useTranslations('en'),
		origin: 'https://example.test',
		timeZone: 'UTC',
	};

	it('shows the latest results of recent competitions, next fixtures when any, and tables', async () => {
		const view = await whatsOnView(en, new Date('2026-08-01T00:00:00Z'));
		// The 2025-26 Premier League ended in May: latest; the 2022 World Cup is years old: not.
		expect(view.results?.blocks.map((b) => b.name)).toEqual(['Premier League']);
		const rows = view.results?.blocks[0]?.rows ?? [];
		expect(rows.length).toBe(4);
		expect(rows.every((r) => r.day !== null && r.statusText?.short === 'FT')).toBe(true);
		expect(view.fixtures).toBeNull();
		const table = view.tables?.items[0];
		expect(table?.table.caption).toBe('Premier League 2025-26');
		expect(table?.table.rows.map((r) => r.position)).toEqual([1, 2, 3, 4, 5]);
		expect(table?.href).toBe('/en/league/premier-league');
		expect(view.matchIds).toHaveLength(4);
	});

	it('a fixture still to come is listed first', async () => {
		const view = await whatsOnView(en, new Date('2025-08-10T00:00:00Z'));
		expect(view.fixtures?.blocks[0]?.name).toBe('Premier League');
		expect(view.fixtures?.blocks[0]?.rows.length).toBeGreaterThan(0);
	});

	it('the home page for today uses it in place of the empty state', async () => {
		const home = await getHomeView(undefined, en);
		// Today (whatever the clock says) has none of this test's matches.
		expect(home.day.blocks).toEqual([]);
		expect(home.day.empty).toBeNull();
		expect(home.day.whatsOn?.note).toBe('No matches are scheduled today. Here is the latest.');
		expect(home.day.whatsOn?.tables?.items.length).toBeGreaterThan(0);
		// Built once for every visitor of this language and zone, not on each render.
		expect((await getHomeView(undefined, en)).day.whatsOn).toBe(home.day.whatsOn);
		const de = await getHomeView(undefined, { ...en, locale: 'de', t: useTranslations('de') });
		expect(de.day.whatsOn).not.toBe(home.day.whatsOn);
		expect(de.day.whatsOn?.note).not.toBe(home.day.whatsOn?.note);
	});
});

// Issue 18: an uncached match render read the database three more times beyond its view
// (the live games' presence, the match's stream, and for a stream its texts and prices),
// on every render. They are kept like the view, dropped by the same changes.
describe('the match page beside its view', () => {
	const de: ViewContext = {
		locale: 'de',
		t: useTranslations('de'),
		origin: 'https://example.test',
		timeZone: 'UTC',
	};
	// Every statement, whatever path sends it (drizzle's builder does not use `execute`).
	let statements = 0;
	const count = () => {
		const query = PGlite.prototype.query;
		const spy = vi.spyOn(PGlite.prototype, 'query').mockImplementation(function (
			this: PGlite,
			...args: Parameters<PGlite['query']>
		) {
			statements++;
			return query.apply(this, args);
		});
		return () => spy.mockRestore();
	};
	const panels = async (id: number) => ({
		games: await getGamesPanel(String(id), { home: 'Argentinien', away: 'Frankreich' }, de),
		watch: await matchWatchView(id, { ...de, names: await namesFor(de) }),
	});

	it('the games panel and the watch section cost nothing on a hit, with and without a stream', async () => {
		const day = await getDayPage('2022-12-18', 'UTC');
		const final = day.day.groups
			.flatMap((g) => g.matches)
			.find((m) => m.home.name === 'Argentina')!;
		await handle.db.insert(streams).values({
			id: 'trips-final',
			kind: 'highlight',
			matchId: final.id,
			title: 'Final highlights',
			plans: ['match-pass'],
			hlsPath: 'demo-highlight/index.m3u8',
		});
		invalidateTags([STREAMS_TAG]);
		const restore = count();
		try {
			const first = await panels(final.id);
			expect(statements).toBeGreaterThan(0);
			expect(first.watch?.streamId).toBe('trips-final');
			statements = 0;
			const again = await panels(final.id);
			expect(statements).toBe(0);
			expect(again).toEqual(first);
			// A stream edit drops the watch section at once (here; other processes within seconds).
			await handle.db.delete(streams).where(eq(streams.id, 'trips-final'));
			invalidateTags([STREAMS_TAG, streamTag('trips-final')]);
			expect(await matchWatchView(final.id, { ...de, names: await namesFor(de) })).toBeNull();
		} finally {
			restore();
		}
	});
});
