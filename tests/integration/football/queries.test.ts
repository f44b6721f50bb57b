import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DbHandle } from '../../../src/server/db/client';
import { invalidateAll } from '../../../src/server/football/cache';
import { importFootballData } from '../../../src/server/football/import';
import { listCompetitions, listCompetitionsByArea, getCompetition } from '../../../src/server/football/queries/competitions';
import { getStandings } from '../../../src/server/football/queries/standings';

const NOW = new Date('2026-11-22T12:00:00Z');
const engines: [string, string | undefined][] = [['pglite', 'memory://']];
if (process.env.TEST_DATABASE_URL) engines.push(['postgres', process.env.TEST_DATABASE_URL]);

describe.each(engines)('football queries on %s', (_engine, url) => {
	let handle: DbHandle;
	beforeAll(async () => {
		handle = await openDatabase(url);
		await importFootballData(handle.db, { now: NOW });
		invalidateAll();
	}, 180_000);
	afterAll(async () => {
		await handle?.close();
	});

	it('lists competitions grouped by area', async () => {
		const list = await listCompetitions(handle.db);
		expect(list.map((c) => c.slug)).toContain('premier-league');
		const areas = await listCompetitionsByArea(handle.db);
		expect(areas.at(-1)!.area.code).toMatch(/EUR|WLD/);
		const pl = await getCompetition(handle.db, 'premier-league');
		expect(pl!.seasons.map((s) => s.label)).toEqual(['2025-26', '2024-25', '2023-24', '2022-23']);
	});

	it('2023-24 Premier League table: City 91, Arsenal 89', async () => {
		const s = await getStandings(handle.db, 'premier-league', { season: '2023-24' });
		const rows = s!.tables[0]!.rows;
		expect(rows[0]).toMatchObject({ position: 1, team: { name: 'Manchester City FC' }, points: 91 });
		expect(rows[1]).toMatchObject({ team: { name: 'Arsenal FC' }, points: 89 });
	});
});
