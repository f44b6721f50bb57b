import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setDbHandleForTests } from '~/server/db/client';
import { clearDataCache } from '~/server/cache/data-cache';
import { query } from '~/server/football/queries/sql';
import { footballPaths } from '~/server/football/sitemap';
import { resolveLeagueAddress, resolveTeamAddress } from '~/server/seo/addresses';
import { openImportedDb, TEST_NOW, type TestDb } from '../football/import-helpers';

const url = (path: string) => new URL(path, 'http://localhost:4321');

describe('canonical league and team addresses (PGlite, imported data)', () => {
	let t: TestDb;
	let argentina: number;
	let premierLeague: number;
	beforeAll(async () => {
		t = await openImportedDb('pglite');
		setDbHandleForTests(t.handle);
		clearDataCache();
		const [a] = await query<{ id: number }>(
			t.handle.db,
			sql`SELECT id FROM teams WHERE slug = 'argentina'`,
		);
		const [p] = await query<{ id: number }>(
			t.handle.db,
			sql`SELECT id FROM competitions WHERE slug = 'premier-league'`,
		);
		argentina = Number(a!.id);
		premierLeague = Number(p!.id);
	}, 180_000);
	afterAll(async () => {
		setDbHandleForTests(undefined);
		clearDataCache();
		await t?.close();
	});

	const team = (param: string, path = `/en/team/${param}`) =>
		resolveTeamAddress(param, url(path), 'en', TEST_NOW);
	const league = (param: string, path: string) => resolveLeagueAddress(param, url(path), 'de');

	it('a team answers at its slug; id, id-slug, capitals and a trailing slash move there', async () => {
		const page = await team('argentina');
		expect(page.kind).toBe('page');
		expect(page.kind === 'page' && page.value.team.id).toBe(argentina);
		for (const [param, path] of [
			[String(argentina), `/en/team/${argentina}`],
			[`${argentina}-argentina`, `/en/team/${argentina}-argentina`],
			['Argentina', '/en/team/Argentina'],
			['argentina', '/en/team/argentina/'],
		] as const) {
			expect(await team(param, path)).toEqual({ kind: 'moved', location: '/en/team/argentina' });
		}
		// Query strings other than the canonical ones travel with the redirect.
		expect(await team(String(argentina), `/en/team/${argentina}?ref=mail`)).toEqual({
			kind: 'moved',
			location: '/en/team/argentina?ref=mail',
		});
	});

	it('a slug starting with digits is a slug, not an id', async () => {
		const page = await team('1-fc-koln');
		expect(page.kind).toBe('page');
		expect(page.kind === 'page' && page.value.team.name).toBe('1. FC Köln');
	});

	it('unknown or malformed team keys are missing (404), never an error', async () => {
		for (const param of [
			'nobody-at-all',
			'999999999',
			'0',
			'<script>',
			'a'.repeat(500),
			'',
			'1-',
			'-x',
			'é',
		]) {
			expect((await team(param)).kind).toBe('missing');
		}
	});

	it('a league answers at its slug; the id and ?season=<latest> move to the canonical address', async () => {
		expect(await league('premier-league', '/de/league/premier-league')).toEqual({
			kind: 'page',
			value: { competitionId: premierLeague, season: null },
		});
		expect(await league('premier-league', '/de/league/premier-league?season=2023-24')).toEqual({
			kind: 'page',
			value: { competitionId: premierLeague, season: '2023-24' },
		});
		expect(await league(String(premierLeague), `/de/league/${premierLeague}`)).toEqual({
			kind: 'moved',
			location: '/de/league/premier-league',
		});
		expect(await league('premier-league', '/de/league/premier-league?season=2025-26')).toEqual({
			kind: 'moved',
			location: '/de/league/premier-league',
		});
		expect(
			await league(String(premierLeague), `/de/league/${premierLeague}?season=2023-24&x=1`),
		).toEqual({
			kind: 'moved',
			location: '/de/league/premier-league?season=2023-24&x=1',
		});
	});

	it('unknown league, unknown or malformed season: missing', async () => {
		expect((await league('premier', '/de/league/premier')).kind).toBe('missing');
		expect((await league('premier-league', '/de/league/premier-league?season=1999-00')).kind).toBe(
			'missing',
		);
		expect(
			(await league('premier-league', '/de/league/premier-league?season=%3Cscript%3E')).kind,
		).toBe('missing');
	});

	it('every league and team path of the sitemap is a canonical address', async () => {
		const paths = (await footballPaths()).filter(
			(p) => p.startsWith('/league/') || p.startsWith('/team/'),
		);
		expect(paths.length).toBeGreaterThan(250);
		for (const path of paths) {
			const [, kind, param] = path.split('/');
			const answer =
				kind === 'league' ? await league(param!, `/de${path}`) : await team(param!, `/en${path}`);
			expect({ path, kind: answer.kind }).toEqual({ path, kind: 'page' });
		}
	}, 120_000);
});
