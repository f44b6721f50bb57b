import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '~/server/db/client';
import { clearDataCache } from '~/server/cache/data-cache';
import { invalidateTags, matchChangeTags } from '~/server/cache/tags';
import { buildCalendar } from '~/server/football/ical';
import { importFootballData } from '~/server/football/import';
import { calendarMatches } from '~/server/football/queries/calendar';
import { getCompetition, listCompetitionsByArea } from '~/server/football/queries/competitions';
import { getHeadToHead, getHeadToHeadBySlug } from '~/server/football/queries/head-to-head';
import { hotMatches } from '~/server/football/queries/hot';
import { getMatchDetail } from '~/server/football/queries/match-detail';
import { listMatches, matchesForDay } from '~/server/football/queries/matches';
import { mostPopularMatches, recordView } from '~/server/football/queries/popular';
import { topScorers } from '~/server/football/queries/scorers';
import { query } from '~/server/football/queries/sql';
import { getStandings } from '~/server/football/queries/standings';
import { getTeamDetail, searchTeams } from '~/server/football/queries/teams';
import { ENGINES, openFreshDb, type TestDb } from './import-helpers';

/** Imported "as of" early March 2026: the rest of 2025-26 is still to be played. */
const IMPORT_NOW = new Date('2026-03-01T00:00:00Z');
const CHROME =
	'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36';

async function matchId(db: Database, home: string, away: string, date: string): Promise<number> {
	const [r] = await query<{ id: number }>(
		db,
		sql`SELECT m.id FROM matches m JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
		WHERE h.name = ${home} AND a.name = ${away} AND m.kickoff_at::date = ${date}::date`,
	);
	if (!r) throw new Error(`no match ${home} v ${away} on ${date}`);
	return Number(r.id);
}

describe.each(ENGINES)('football queries on %s', (engine) => {
	let t: TestDb;
	let db: Database;
	beforeAll(async () => {
		t = await openFreshDb(engine);
		db = t.handle.db;
		await importFootballData(db, { now: IMPORT_NOW });
		clearDataCache();
	}, 180_000);
	afterAll(async () => {
		clearDataCache();
		await t?.close();
	});

	// Finding 6: a key of digits too large for an integer column is no team and no
	// competition (it reached the database as an out-of-range integer: a 500).
	it('finding 6: a key of digits beyond the integer range finds nothing, never an error', async () => {
		const huge = '99999999999999999999';
		expect(await getTeamDetail(db, huge)).toBeUndefined();
		expect(await getStandings(db, huge)).toBeUndefined();
		expect(await getHeadToHead(db, huge, '1')).toBeUndefined();
		expect(await getTeamDetail(db, '2147483648')).toBeUndefined();
	});

	it('groups competitions by area and lists seasons newest first', async () => {
		const areas = await listCompetitionsByArea(db);
		expect(
			areas
				.slice(-2)
				.map((a) => a.area.code)
				.sort(),
		).toEqual(['EUR', 'WLD']);
		expect(areas.find((a) => a.area.code === 'ENG')!.competitions[0]!.slug).toBe('premier-league');
		const pl = await getCompetition(db, 'premier-league');
		expect(pl!.seasons.map((s) => s.label)).toEqual(['2025-26', '2024-25', '2023-24', '2022-23']);
		expect(pl!.seasons.find((s) => s.label === '2023-24')).toMatchObject({
			matches: 380,
			played: 380,
		});
		expect(await getCompetition(db, 'no-such-league')).toBeUndefined();
	});

	it('league table of a past season: 2023-24 Manchester City 91, Arsenal 89', async () => {
		const s = await getStandings(db, 'premier-league', { season: '2023-24' });
		const rows = s!.tables[0]!.rows;
		expect(rows).toHaveLength(20);
		expect(rows[0]).toMatchObject({
			position: 1,
			team: { name: 'Manchester City FC' },
			points: 91,
			played: 38,
		});
		expect(rows[1]).toMatchObject({ team: { name: 'Arsenal FC' }, points: 89 });
		expect(s!.rule).toBe('overall');
	});

	it('table on a date within a season', async () => {
		const s = await getStandings(db, 'premier-league', {
			season: '2023-24',
			asOf: new Date('2023-09-01T00:00:00Z'),
		});
		const rows = s!.tables[0]!.rows;
		expect(rows).toHaveLength(20);
		// Matchdays 1-3 were played 11-28 August; matchday 4 began on 1 September.
		expect(Math.max(...rows.map((r) => r.played))).toBe(3);
		expect(Math.min(...rows.map((r) => r.played))).toBeGreaterThanOrEqual(2);
	});

	it('group tables for a tournament: World Cup 2022 Group A', async () => {
		const s = await getStandings(db, 'world-cup', { season: '2022' });
		expect(s!.tables.map((x) => x.group)).toEqual([
			'Group A',
			'Group B',
			'Group C',
			'Group D',
			'Group E',
			'Group F',
			'Group G',
			'Group H',
		]);
		const a = s!.tables[0]!.rows;
		expect(a.map((r) => [r.team.name, r.points])).toEqual([
			['Netherlands', 7],
			['Senegal', 6],
			['Ecuador', 4],
			['Qatar', 0],
		]);
	});

	it('Champions League 2024-25 league phase: 36 teams, Liverpool first on 21', async () => {
		const s = await getStandings(db, 'champions-league', { season: '2024-25' });
		expect(s!.tables).toHaveLength(1);
		expect(s!.tables[0]!.rows).toHaveLength(36);
		expect(s!.tables[0]!.rows[0]).toMatchObject({ team: { name: 'Liverpool FC' }, points: 21 });
	});

	it('a visitor’s day in UTC and in Tokyo: Liverpool v Bournemouth kicks off 19:00Z', async () => {
		const day = await matchesForDay(db, { date: '2025-08-15', timeZone: 'UTC', now: IMPORT_NOW });
		const pl = day.groups.find((g) => g.competition.slug === 'premier-league')!;
		const m = pl.matches.find((x) => x.home.name === 'Liverpool FC')!;
		expect(m.away.name).toBe('AFC Bournemouth');
		expect(m.kickoffAt.toISOString()).toBe('2025-08-15T19:00:00.000Z');
		const tokyo = await matchesForDay(db, {
			date: '2025-08-16',
			timeZone: 'Asia/Tokyo',
			now: IMPORT_NOW,
		});
		expect(tokyo.groups.flatMap((g) => g.matches).some((x) => x.id === m.id)).toBe(true);
		expect(tokyo.from.toISOString()).toBe('2025-08-15T15:00:00.000Z');
	});

	it('live matches come first, and invalidateMatch makes a change visible', async () => {
		const before = await matchesForDay(db, {
			date: '2025-08-16',
			timeZone: 'UTC',
			now: IMPORT_NOW,
		});
		expect(before.groups.length).toBeGreaterThan(1);
		const last = before.groups.at(-1)!;
		const target = last.matches.at(-1)!;
		await db.execute(sql`UPDATE matches SET status = 'live', minute = 12 WHERE id = ${target.id}`);
		const stale = await matchesForDay(db, { date: '2025-08-16', timeZone: 'UTC', now: IMPORT_NOW });
		expect(stale.live).toBe(0);
		invalidateTags(matchChangeTags([target.id]));
		const after = await matchesForDay(db, { date: '2025-08-16', timeZone: 'UTC', now: IMPORT_NOW });
		expect(after.live).toBe(1);
		expect(after.groups[0]!.competition.id).toBe(last.competition.id);
		expect(after.groups[0]!.matches[0]!.id).toBe(target.id);
		const liveOnly = await matchesForDay(db, {
			date: '2025-08-16',
			timeZone: 'UTC',
			now: IMPORT_NOW,
			filter: 'live',
		});
		expect(liveOnly.total).toBe(1);
		await db.execute(
			sql`UPDATE matches SET status = 'finished', minute = NULL WHERE id = ${target.id}`,
		);
		invalidateTags(matchChangeTags([target.id]));
	});

	it('pages through a team’s results, newest first', async () => {
		const team = (await searchTeams(db, 'arsenal'))[0]!;
		const p1 = await listMatches(db, {
			teamId: team.id,
			filter: 'results',
			page: 1,
			pageSize: 10,
			now: IMPORT_NOW,
		});
		const p2 = await listMatches(db, {
			teamId: team.id,
			filter: 'results',
			page: 2,
			pageSize: 10,
			now: IMPORT_NOW,
		});
		expect(p1.items).toHaveLength(10);
		expect(p1.total).toBeGreaterThan(100);
		expect(p1.items[0]!.kickoffAt.getTime()).toBeGreaterThan(p2.items[0]!.kickoffAt.getTime());
		expect(new Set([...p1.items, ...p2.items].map((m) => m.id)).size).toBe(20);
	});

	it('match centre: World Cup 2022 final, goals in order, shoot-out, no table', async () => {
		const id = await matchId(db, 'Argentina', 'France', '2022-12-18');
		const d = (await getMatchDetail(db, id, IMPORT_NOW))!;
		expect(d.match.status).toBe('finished_pen');
		expect(d.match.score).toEqual({ ht: [2, 0], ft: [2, 2], et: [3, 3], pen: [4, 2] });
		expect(d.events.map((e) => `${e.minute}${e.side}`)).toEqual([
			'23home',
			'36home',
			'80away',
			'81away',
			'108home',
			'118away',
		]);
		expect(d.events[0]).toMatchObject({ player: 'Lionel Messi', penalty: true, ownGoal: false });
		expect(d.table).toBeNull();
		expect(d.headToHead.played).toBeGreaterThanOrEqual(1);
	});

	it('own goals count for the team they were scored for (Euro 2024 Germany v Scotland)', async () => {
		const id = await matchId(db, 'Germany', 'Scotland', '2024-06-14');
		const d = (await getMatchDetail(db, id, IMPORT_NOW))!;
		const og = d.events.find((e) => e.ownGoal)!;
		expect(og).toMatchObject({ player: 'Rüdiger', side: 'away', minute: 87 });
		expect(d.events.filter((e) => e.side === 'home')).toHaveLength(5);
		expect(d.table!.rows.map((r) => r.team.name)).toContain('Scotland');
	});

	it('a league match shows the table rows around both teams', async () => {
		const id = await matchId(db, 'Liverpool FC', 'AFC Bournemouth', '2025-08-15');
		const d = (await getMatchDetail(db, id, IMPORT_NOW))!;
		const names = d.table!.rows.map((r) => r.team.name);
		expect(names).toContain('Liverpool FC');
		expect(names).toContain('AFC Bournemouth');
		expect(d.table!.rows.length).toBeLessThanOrEqual(10);
		expect(await getMatchDetail(db, 99_999_999, IMPORT_NOW)).toBeUndefined();
	});

	// Upstream's 2022 scorer lists miss two of Mbappé's goals (he scored 8): we count what the file has.
	it('top scorers: World Cup 2022 (a player written two ways counts once); none for a league file', async () => {
		const s = await topScorers(db, 'world-cup', { season: '2022' });
		// The file writes both "Mbappé" and "Kylian Mbappé": the importer merges them (8 goals, as in reality).
		expect(s[0]).toMatchObject({
			rank: 1,
			player: 'Kylian Mbappé',
			goals: 8,
			team: { name: 'France' },
		});
		expect(s[1]).toMatchObject({
			rank: 2,
			player: 'Lionel Messi',
			goals: 7,
			penalties: 4,
			team: { name: 'Argentina' },
		});
		expect(s[2]!.rank).toBe(3);
		expect(s[3]!.rank).toBe(3);
		expect(await topScorers(db, 'premier-league')).toEqual([]);
	});

	it('team page: form, position in the current league, squad for a national team', async () => {
		const liverpool = (await searchTeams(db, 'Liverpool FC'))[0]!;
		const d = (await getTeamDetail(db, liverpool.slug, IMPORT_NOW))!;
		expect(d.team.name).toBe('Liverpool FC');
		expect(d.form).toMatch(/^[WDL]{5}$/);
		expect(d.standing).toMatchObject({
			competition: { slug: 'premier-league' },
			season: '2025-26',
			teams: 20,
		});
		expect(d.fixtures.length).toBeGreaterThan(0);
		expect(d.fixtures[0]!.kickoffAt.getTime()).toBeGreaterThanOrEqual(
			IMPORT_NOW.getTime() - 3 * 3600_000,
		);
		const england = (await searchTeams(db, 'england')).find((x) => x.isNational)!;
		const e = (await getTeamDetail(db, england.id, IMPORT_NOW))!;
		expect(e.squad!.players.length).toBeGreaterThanOrEqual(23);
		expect(await getTeamDetail(db, 'no-such-team', IMPORT_NOW)).toBeUndefined();
	});

	it('head-to-head by "{slug}-vs-{slug}": every meeting, consistent totals', async () => {
		const [a] = await searchTeams(db, 'Liverpool FC');
		const [b] = await searchTeams(db, 'Manchester City FC');
		const h = (await getHeadToHeadBySlug(db, `${a!.slug}-vs-${b!.slug}`))!;
		expect(h.team1.name).toBe('Liverpool FC');
		expect(h.played).toBeGreaterThanOrEqual(6);
		expect(h.team1Wins + h.draws + h.team2Wins).toBe(h.played);
		expect(h.meetings.map((m) => m.kickoffAt.getTime())).toEqual(
			[...h.meetings.map((m) => m.kickoffAt.getTime())].sort((x, y) => y - x),
		);
		expect(await getHeadToHeadBySlug(db, 'nobody-vs-noone')).toBeUndefined();
	});

	it('hot matches: upcoming only, ranked by the stated score', async () => {
		const hot = await hotMatches(db, { now: IMPORT_NOW, days: 7, limit: 50 });
		expect(hot.length).toBeGreaterThan(5);
		for (const h of hot) {
			expect(h.match.kickoffAt.getTime()).toBeGreaterThanOrEqual(IMPORT_NOW.getTime());
			expect(h.match.status).toBe('scheduled');
			expect(h.score).toBeCloseTo(
				h.reasons.competition +
					h.reasons.table +
					h.reasons.closeness +
					h.reasons.rivalry +
					h.reasons.stage,
				0,
			);
		}
		expect(hot.map((h) => h.score)).toEqual([...hot.map((h) => h.score)].sort((x, y) => y - x));
		expect(hot[0]!.positions.home).not.toBeNull();
	});

	it('hot matches: a derby gets the rivalry bonus (Real Madrid v Atlético, 22 March 2026)', async () => {
		const hot = await hotMatches(db, {
			now: new Date('2026-03-20T00:00:00Z'),
			days: 5,
			limit: 100,
		});
		const derby = hot.find(
			(h) =>
				h.match.home.name === 'Real Madrid CF' && h.match.away.name === 'Club Atlético de Madrid',
		)!;
		expect(derby.reasons.rivalry).toBe(30);
		expect(hot.indexOf(derby)).toBeLessThan(3);
		expect(hot.filter((h) => h.reasons.rivalry > 0).length).toBeLessThan(hot.length);
	});

	it('page views: crawlers and unknown ids are not counted; most popular ranks by views', async () => {
		const a = await matchId(db, 'Liverpool FC', 'AFC Bournemouth', '2025-08-15');
		const b = await matchId(db, 'Argentina', 'France', '2022-12-18');
		const now = new Date('2026-03-02T10:00:00Z');
		expect(
			await recordView(
				db,
				a,
				'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
				now,
			),
		).toBe(false);
		expect(await recordView(db, a, '', now)).toBe(false);
		expect(await recordView(db, 99_999_999, CHROME, now)).toBe(false);
		expect(await recordView(db, a, CHROME, now)).toBe(true);
		expect(await recordView(db, b, CHROME, now)).toBe(true);
		expect(await recordView(db, b, CHROME, now)).toBe(true);
		const popular = await mostPopularMatches(db, { now, days: 7 });
		expect(popular.map((p) => [p.match.id, p.views])).toEqual([
			[b, 2],
			[a, 1],
		]);
		const [{ n }] = (await query<{ n: number }>(
			db,
			sql`SELECT count(*)::int AS n FROM page_views`,
		)) as [{ n: number }];
		expect(n).toBe(2);
	});

	it('calendar feed of a team: every match, UTC starts, scores once played', async () => {
		const liverpool = (await searchTeams(db, 'Liverpool FC'))[0]!;
		const cal = (await calendarMatches(db, { teamId: liverpool.id }, IMPORT_NOW))!;
		expect(cal.matches.length).toBeGreaterThan(150);
		const text = buildCalendar({
			name: cal.name,
			matches: cal.matches,
			origin: 'https://matchday.example',
		});
		expect(text).toContain('DTSTART:20250815T190000Z');
		expect(text).toContain('SUMMARY:Liverpool FC 4–2 AFC Bournemouth');
		expect(text.match(/BEGIN:VEVENT/g)).toHaveLength(cal.matches.length);
		expect(await calendarMatches(db, { teamId: 99_999_999 })).toBeUndefined();
	});

	it('each page query costs one round trip on a miss and none on a hit', async () => {
		let trips = 0;
		const counting = new Proxy(db, {
			get(target, prop, receiver) {
				const value = Reflect.get(target, prop, receiver);
				if (prop === 'execute')
					return (...args: unknown[]) => (
						trips++, (value as (...a: unknown[]) => unknown).apply(target, args)
					);
				return typeof value === 'function' ? value.bind(target) : value;
			},
		}) as Database;
		const team = (await searchTeams(db, 'Liverpool FC'))[0]!;
		const id = await matchId(db, 'Liverpool FC', 'AFC Bournemouth', '2025-08-15');
		const pages: [string, () => Promise<unknown>][] = [
			[
				'day',
				() =>
					matchesForDay(counting, {
						date: '2025-08-16',
						timeZone: 'Europe/Berlin',
						now: IMPORT_NOW,
					}),
			],
			['match', () => getMatchDetail(counting, id, IMPORT_NOW)],
			['team', () => getTeamDetail(counting, team.id, IMPORT_NOW)],
			['standings', () => getStandings(counting, 'premier-league')],
			['competition', () => getCompetition(counting, 'premier-league')],
			['hot', () => hotMatches(counting, { now: IMPORT_NOW })],
			[
				'list',
				() => listMatches(counting, { teamId: team.id, filter: 'results', now: IMPORT_NOW }),
			],
		];
		for (const [name, load] of pages) {
			clearDataCache();
			trips = 0;
			await load();
			expect([name, trips]).toEqual([name, 1]);
			await load();
			expect([name, trips]).toEqual([name, 1]);
		}
	});
});
