import ICAL from 'ical.js';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbHandleForTests } from '~/server/db/client';
import { calendarHandler } from '~/server/football/api/feeds';
import { clearDataCache } from '~/server/cache/data-cache';
import { query } from '~/server/football/queries/sql';
import { openImportedDb, TEST_NOW, type TestDb } from './import-helpers';

const ORIGIN = 'https://matchday.example';

async function feed(kind: 'team' | 'competition', id: string, search = '') {
	const r = await calendarHandler({
		kind,
		id,
		origin: ORIGIN,
		ifNoneMatch: null,
		query: new URLSearchParams(search),
		now: TEST_NOW,
	});
	return { status: r.status, text: await r.text() };
}

/** The feed as ical.js reads it: its name and events. */
function parse(text: string) {
	const calendar = new ICAL.Component(ICAL.parse(text));
	return {
		name: calendar.getFirstPropertyValue('x-wr-calname'),
		events: calendar.getAllSubcomponents('vevent').map((v) => {
			const e = new ICAL.Event(v);
			return {
				summary: e.summary,
				start: e.startDate,
				url: String(v.getFirstPropertyValue('url')),
			};
		}),
	};
}

describe('calendar feeds: season, language, reasons', () => {
	let t: TestDb;
	beforeAll(async () => {
		t = await openImportedDb('pglite');
		setDbHandleForTests(t.handle);
		clearDataCache();
	}, 180_000);
	afterAll(async () => {
		setDbHandleForTests(undefined);
		clearDataCache();
		await t?.close();
	});

	it('?season= picks the season (the 2022 World Cup, not 2026); unknown or malformed season answer 404 / 400', async () => {
		const r = await feed('competition', 'world-cup', 'season=2022');
		expect(r.status).toBe(200);
		const cal = parse(r.text);
		expect(cal.name).toBe('FIFA World Cup 2022');
		expect(cal.events).toHaveLength(64);
		expect(cal.events.every((e) => e.start.year === 2022)).toBe(true);
		expect(parse((await feed('competition', 'world-cup')).text).name).toBe('FIFA World Cup 2026');
		expect((await feed('competition', 'world-cup', 'season=1930')).status).toBe(404);
		expect((await feed('competition', 'world-cup', 'season=next')).status).toBe(400);
		expect((await feed('team', '1', 'season=2022')).status).toBe(400);
	});

	it('event URLs are the match pages in the feed language; an unknown language is refused', async () => {
		const de = parse((await feed('competition', 'world-cup', 'season=2022&locale=de')).text);
		expect(de.events[0]!.url).toMatch(/^https:\/\/matchday\.example\/de\/match\/\d+$/);
		const en = parse((await feed('competition', 'world-cup', 'season=2022')).text);
		expect(en.events[0]!.url).toMatch(/^https:\/\/matchday\.example\/en\/match\/\d+$/);
		expect((await feed('competition', 'world-cup', 'locale=xx')).status).toBe(400);
	});

	it("a postponed match's all-day event says why, in the feed's language", async () => {
		const [m] = await query<{ team: number }>(
			t.handle.db,
			sql`SELECT home_team_id AS team FROM matches WHERE status = 'postponed' AND kickoff_time_known = false ORDER BY id LIMIT 1`,
		);
		const events = parse((await feed('team', String(m!.team), 'locale=fr')).text).events;
		const postponed = events.find((e) => e.summary.includes('reporté'));
		expect(postponed?.summary).toMatch(/\(reporté, nouvelle date à venir\)$/);
		expect(postponed?.start.isDate).toBe(true);
	});
});
