import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFootballData } from '~/server/football/import';
import { rowsOf } from '~/server/db/rows';
import { ENGINES, openImportedDb, TEST_NOW, type TestDb } from './import-helpers';

type Row = Record<string, unknown>;

describe.each(ENGINES)('importer on %s', (engine) => {
	let db: TestDb & { report: Awaited<ReturnType<typeof importFootballData>> };
	const query = async <T = Row>(q: ReturnType<typeof sql>) =>
		rowsOf<T>(await db.handle.db.execute(q));
	const one = async <T = Row>(q: ReturnType<typeof sql>) => {
		const rows = await query<T>(q);
		expect(rows).toHaveLength(1);
		return rows[0]!;
	};
	const match = (competition: string, season: string, home: string, away: string, round?: string) =>
		one(sql`SELECT m.*, to_char(m.kickoff_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI"Z"') AS utc
			FROM matches m JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = s.competition_id
			JOIN teams h ON h.id = m.home_team_id JOIN teams a ON a.id = m.away_team_id
			WHERE c.code = ${competition} AND s.label = ${season} AND h.name = ${home} AND a.name = ${away}
			AND (${round ?? null}::text IS NULL OR m.round = ${round ?? null})`);

	beforeAll(async () => {
		db = await openImportedDb(engine);
	}, 120_000);
	afterAll(async () => {
		await db?.close();
	});

	it('imports every file and reports what it did', () => {
		expect(db.report.competitions).toEqual({ inserted: 11, updated: 0 });
		expect(db.report.seasons!.inserted).toBe(35);
		// 31 league/CL files (README table) + 64 + 104 + 51 + 51 tournament matches.
		expect(db.report.matches!.inserted).toBe(10_367 + 64 + 104 + 51 + 51);
		expect(db.report.players!.inserted).toBeGreaterThan(1000);
	});

	it('a second run changes nothing', async () => {
		const again = await importFootballData(db.handle.db, { now: TEST_NOW });
		expect(again.changes).toEqual({ inserted: 0, updated: 0 });
		const [{ max }] = await query<{ max: number }>(sql`SELECT max(version) AS max FROM matches`);
		expect(Number(max)).toBe(1);
	});

	it('converts local kick-off times to UTC with daylight saving', async () => {
		// Premier League, England in summer time (BST, UTC+1).
		expect((await match('en.1', '2025-26', 'Liverpool FC', 'AFC Bournemouth')).utc).toBe(
			'2025-08-15T19:00Z',
		);
		const cl =
			await one<Row>(sql`SELECT to_char(kickoff_at AT TIME ZONE 'UTC', 'HH24:MI') AS t FROM matches m
			JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = s.competition_id
			WHERE c.code = 'uefa.cl' AND m.round = 'Finals, Final'`);
		expect(cl.t).toBe('19:00'); // 21:00 CEST in Munich.
		// World Cup 2022: Qatar time, UTC+3, no daylight saving. Final 18:00 local.
		expect((await match('world.cup', '2022', 'Argentina', 'France')).utc).toBe('2022-12-18T15:00Z');
		// World Cup 2026 names its offset: "15:00 UTC-4".
		expect((await match('world.cup', '2026', 'Spain', 'Argentina', 'Final')).utc).toBe(
			'2026-07-19T19:00Z',
		);
		// Euro 2020, England v Croatia at Wembley: 14:00 BST, written "15:00" (CEST).
		expect((await match('uefa.euro', '2020', 'England', 'Croatia')).utc).toBe('2021-06-13T13:00Z');
	});

	it('flags fixtures without a time: 12:00 local, time unknown', async () => {
		const rows = await one<{ n: number; noon: number }>(sql`SELECT count(*)::int AS n,
			count(*) FILTER (WHERE to_char(m.kickoff_at AT TIME ZONE c.time_zone, 'HH24:MI') = '12:00')::int AS noon
			FROM matches m JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = s.competition_id
			WHERE NOT m.kickoff_time_known`);
		expect(rows).toEqual({ n: 449, noon: 449 }); // README: "about 450" 2025-26 fixtures
	});

	it('maps names to one team across files ("Real Madrid CF (ESP)" = "Real Madrid CF")', async () => {
		const real = await query<{ id: number }>(
			sql`SELECT id FROM teams WHERE name LIKE 'Real Madrid%'`,
		);
		expect(real).toHaveLength(1);
		const games = await one<{
			n: number;
		}>(sql`SELECT count(DISTINCT c.code)::int AS n FROM matches m
			JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = s.competition_id
			WHERE ${real[0]!.id} IN (m.home_team_id, m.away_team_id)`);
		expect(games.n).toBe(2); // es.1 and uefa.cl
		const psv = await query<Row>(
			sql`SELECT t.name, t.key FROM teams t WHERE t.key LIKE 'club:PSV%'`,
		);
		expect(psv).toEqual([{ name: 'PSV Eindhoven', key: 'club:PSV Eindhoven' }]);
		const alias = await one<Row>(
			sql`SELECT t.key FROM team_aliases a JOIN teams t ON t.id = a.team_id WHERE a.alias = 'club:psv'`,
		);
		expect(alias.key).toBe('club:PSV Eindhoven');
		const germany = await one<Row>(
			sql`SELECT key, slug, is_national, tla FROM teams WHERE key = 'nation:GER'`,
		);
		expect(germany).toEqual({ key: 'nation:GER', slug: 'germany', is_national: true, tla: 'GER' });
		const slugs = await one<{ n: number; d: number }>(
			sql`SELECT count(*)::int AS n, count(DISTINCT slug)::int AS d FROM teams`,
		);
		expect(slugs.d).toBe(slugs.n);
	});

	it('sets statuses, scores and winners', async () => {
		const final22 = await match('world.cup', '2022', 'Argentina', 'France');
		expect(final22).toMatchObject({
			status: 'finished_pen',
			ft_home: 2,
			ft_away: 2,
			et_home: 3,
			et_away: 3,
			pen_home: 4,
			pen_away: 2,
			ht_home: 2,
			ht_away: 0,
			winner: 'home',
		});
		const final26 = await match('world.cup', '2026', 'Spain', 'Argentina', 'Final');
		expect(final26).toMatchObject({
			status: 'finished_aet',
			ft_home: 0,
			et_home: 1,
			winner: 'home',
		});
		// Upstream's impossible shoot-out "p": [4, 4]: finished on penalties, winner unknown.
		const lp = await match(
			'uefa.cl',
			'2024-25',
			'Liverpool FC',
			'Paris Saint-Germain FC',
			'Finals, Round of 16',
		);
		expect(lp).toMatchObject({ status: 'finished_pen', pen_home: 4, pen_away: 4, winner: null });
		// The CL final has no score and its date has passed: result unknown.
		expect(
			(await match('uefa.cl', '2024-25', 'Paris Saint-Germain FC', 'FC Internazionale Milano'))
				.status,
		).toBe('result_unknown');
		const counts = Object.fromEntries(
			(
				await query<{ status: string; n: number }>(
					sql`SELECT status, count(*)::int AS n FROM matches GROUP BY status`,
				)
			).map((r) => [r.status, r.n]),
		);
		expect(counts.awarded).toBe(3);
		expect(counts.postponed).toBe(3);
		expect(counts.scheduled ?? 0).toBe(0); // everything is in the past at TEST_NOW
	});

	it('imports goals, own goals credited to the team they count for', async () => {
		const ger = await match('uefa.euro', '2024', 'Germany', 'Scotland');
		const goals =
			await query<Row>(sql`SELECT e.player_name, e.minute, e.stoppage, e.penalty, e.own_goal, t.name AS team
			FROM match_events e JOIN teams t ON t.id = e.team_id WHERE e.match_id = ${ger.id} ORDER BY e.seq`);
		expect(goals).toHaveLength(6);
		const own = goals.find((g) => g.own_goal === true)!;
		expect(own).toMatchObject({ team: 'Scotland', minute: 87 });
		expect(own.player_name).toMatch(/Rüdiger/);
		const penalties = goals.filter((g) => g.penalty === true);
		expect(penalties).toHaveLength(1);
		expect(penalties[0]).toMatchObject({ team: 'Germany', minute: 45, stoppage: 1 });
		const final26 = await match('world.cup', '2026', 'Spain', 'Argentina', 'Final');
		const g26 = await query<Row>(
			sql`SELECT player_name, minute, stoppage FROM match_events WHERE match_id = ${final26.id}`,
		);
		expect(g26).toEqual([{ player_name: 'Ferran Torres', minute: 106, stoppage: null }]);
		// Goal events agree with the final score of every finished tournament match.
		const mismatched = await query<Row>(sql`SELECT m.id FROM matches m
			JOIN seasons s ON s.id = m.season_id JOIN competitions c ON c.id = s.competition_id
			LEFT JOIN match_events e ON e.match_id = m.id AND e.type = 'goal'
			WHERE c.code IN ('world.cup', 'uefa.euro') AND m.status LIKE 'finished%'
			GROUP BY m.id HAVING count(e.id) <> coalesce(max(m.et_home), max(m.ft_home)) + coalesce(max(m.et_away), max(m.ft_away))`);
		expect(mismatched).toEqual([]);
	});

	it('imports World Cup 2026 squads, venues and rivalries', async () => {
		const squads = await one<{ teams: number; players: number }>(
			sql`SELECT count(DISTINCT team_id)::int AS teams, count(*)::int AS players FROM squads`,
		);
		expect(squads.teams).toBe(48);
		expect(squads.players).toBeGreaterThanOrEqual(48 * 23);
		const venue =
			await one<Row>(sql`SELECT v.name, v.city FROM matches m JOIN venues v ON v.id = m.venue_id
			JOIN seasons s ON s.id = m.season_id WHERE s.label = '2026' AND m.match_number = 104`);
		expect(venue.city).toBe('New York/New Jersey (East Rutherford)');
		const missing = await one<{
			n: number;
		}>(sql`SELECT count(*)::int AS n FROM matches m JOIN seasons s ON s.id = m.season_id
			JOIN competitions c ON c.id = s.competition_id WHERE c.code = 'world.cup' AND m.venue_id IS NULL`);
		expect(missing.n).toBe(0);
		const lusail =
			await one<Row>(sql`SELECT v.name, v.city FROM matches m JOIN venues v ON v.id = m.venue_id
			JOIN seasons s ON s.id = m.season_id WHERE s.label = '2022' AND m.round = 'Final'`);
		expect(lusail).toEqual({ name: 'Lusail Stadium', city: 'Lusail' });
		const rayyan = await one<{
			n: number;
		}>(sql`SELECT count(DISTINCT m.venue_id)::int AS n FROM matches m
			JOIN venues v ON v.id = m.venue_id JOIN seasons s ON s.id = m.season_id WHERE s.label = '2022' AND v.city = 'Al Rayyan'`);
		expect(rayyan.n).toBe(3);
		const derby = await one<{ n: number }>(sql`SELECT count(*)::int AS n FROM rivalries r
			JOIN teams a ON a.id = r.team_a_id JOIN teams b ON b.id = r.team_b_id
			WHERE 'club:Real Madrid CF' IN (a.key, b.key) AND 'club:FC Barcelona' IN (a.key, b.key)`);
		expect(derby.n).toBe(1);
	});

	it('a change upstream updates the row and bumps its version', async () => {
		const m = await match('en.1', '2025-26', 'Liverpool FC', 'AFC Bournemouth');
		await db.handle.db.execute(sql`UPDATE matches SET ft_home = 9 WHERE id = ${m.id}`);
		const again = await importFootballData(db.handle.db, { now: TEST_NOW });
		expect(again.matches).toEqual({ inserted: 0, updated: 1 });
		const after = await one<Row>(sql`SELECT ft_home, version FROM matches WHERE id = ${m.id}`);
		expect(after).toEqual({ ft_home: 4, version: 2 });
	});
});
