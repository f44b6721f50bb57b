import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { useTranslations } from '~/i18n/server';
import { isDisplayRegion, NAMED_NATIONS, placeName, regionOf } from '~/lib/football/regions';
import { clearDataCache } from '~/server/cache/data-cache';
import { openDatabase, setDbHandleForTests, type DbHandle } from '~/server/db/client';
import { importFootballData, nationalTeamCodes } from '~/server/football/import';
import { SOURCE_FILES } from '~/server/football/import/sources';
import type { ViewContext } from '~/server/views/context';
import { getDayPage, getHomeView } from '~/server/views/day-page';
import { getFixturesPage } from '~/server/views/fixtures-page';
import { getLeagueListView, getLeagueView } from '~/server/views/league-page';
import { getMatchCentreView } from '~/server/views/match-page';
import { makeNames } from '~/server/views/names';
import { getTeamListView } from '~/server/views/team-page';
import { LOCALES } from '~/i18n/locales';

// The views on a real in-memory PGlite with both World Cups (the 2026 teams file gives the
// FIFA codes every national team is keyed by) and one Premier League season (clubs).
let handle: DbHandle;

beforeAll(async () => {
	handle = await openDatabase('memory://');
	const files = SOURCE_FILES.filter(
		(f) => f.path.includes('2025-26/en.1') || f.path.includes('worldcup.json/'),
	);
	await importFootballData(handle.db, { files, now: new Date('2026-08-01T00:00:00Z') });
	setDbHandleForTests(handle);
	clearDataCache();
}, 180_000);

afterAll(async () => {
	setDbHandleForTests(undefined);
	await handle.close();
});

// Issue 12: names in the visitor's language. National teams and areas through
// Intl.DisplayNames, competitions and rounds from the message files, clubs as they are.
describe("issue 12: names in the visitor's language", () => {
	const ctxOf = (locale: 'de' | 'ru' | 'en'): ViewContext => ({
		locale,
		t: useTranslations(locale),
		origin: 'https://example.test',
		timeZone: 'UTC',
	});
	const finalId = async () => {
		const day = await getDayPage('2022-12-18', 'UTC');
		return day.day.groups.flatMap((g) => g.matches).find((m) => m.home.name === 'Argentina')!.id;
	};

	it('/de/match/{final}: "Argentinien – Frankreich" in the header, the title and the JSON-LD', async () => {
		const view = (await getMatchCentreView(String(await finalId()), ctxOf('de')))!;
		expect(view.home.name).toBe('Argentinien');
		expect(view.away.name).toBe('Frankreich');
		expect(view.title).toContain('Argentinien');
		expect(view.title).toContain('Frankreich');
		expect(view.title).toContain('FIFA-Weltmeisterschaft');
		expect(view.crumbs.round).toBe('Finale');
		const ld = JSON.stringify(view.structuredData);
		expect(ld).toContain('Argentinien');
		expect(ld).not.toContain('"Argentina"');
		expect(view.meetings[0]!.competition).toBe('FIFA-Weltmeisterschaft');
		expect(view.meetings.every((x) => !/Argentina\b|France\b/.test(`${x.home} ${x.away}`))).toBe(
			true,
		);
	});

	it("/ru/match/{final}: Russian names; English keeps the data's names", async () => {
		const id = String(await finalId());
		const ru = (await getMatchCentreView(id, ctxOf('ru')))!;
		expect([ru.home.name, ru.away.name]).toEqual(['Аргентина', 'Франция']);
		expect(ru.crumbs.round).toBe('Финал');
		const en = (await getMatchCentreView(id, ctxOf('en')))!;
		expect([en.home.name, en.away.name]).toEqual(['Argentina', 'France']);
	});

	it('a World Cup group table and its rows in German; clubs keep their names', async () => {
		const list = await getFixturesPage(new URLSearchParams('competition=world-cup&page=1'), 'UTC');
		const view = (await getLeagueView(String(list.competition!.id), null, ctxOf('de')))!;
		const names = view.tables.flatMap((tb) => (tb.live ? [] : tb.table.rows.map((r) => r.name)));
		expect(names).toContain('Deutschland');
		expect(names).toContain('Saudi-Arabien');
		expect(names).toContain('Schweiz');
		expect(names).not.toContain('Germany');
		expect(view.heading).toMatch(/^FIFA-Weltmeisterschaft /);
		expect(view.tables.some((tb) => !tb.live && tb.table.caption.includes('Gruppe C'))).toBe(true);
		const pl = await getFixturesPage(
			new URLSearchParams('competition=premier-league&page=1'),
			'UTC',
		);
		const league = (await getLeagueView(String(pl.competition!.id), null, ctxOf('de')))!;
		const clubs = league.tables.flatMap((tb) => (tb.live ? [] : tb.table.rows.map((r) => r.name)));
		expect(clubs).toContain('Liverpool FC');
	});

	it("the leagues index names areas in the visitor's language", async () => {
		const de = await getLeagueListView(ctxOf('de'));
		expect(de.areas.map((a) => a.name)).toEqual(expect.arrayContaining(['England', 'Welt']));
		const ru = await getLeagueListView(ctxOf('ru'));
		expect(ru.areas.map((a) => a.name)).toEqual(expect.arrayContaining(['Англия', 'Весь мир']));
		expect(ru.areas.flatMap((a) => a.competitions.map((c) => c.name))).toContain('Премьер-лига');
	});

	it('day lists, the team list and the head-to-head page in German', async () => {
		const home = await getHomeView('2022-12-18', ctxOf('de'));
		const block = home.day.blocks.find((b) => b.slug === 'world-cup')!;
		expect(block.areaName).toBe('Welt');
		expect(block.rows.map((r) => `${r.home.name} – ${r.away.name}`)).toContain(
			'Argentinien – Frankreich',
		);
		const teams = await getTeamListView(ctxOf('de'));
		expect(teams.groups.flatMap((g) => g.teams.map((tm) => tm.name))).toContain('Deutschland');
	});
});

describe('issue 12: the FIFA → region table', () => {
	it('maps FIFA codes that are not ISO codes', () => {
		const cases: [string, string][] = [
			['GER', 'DE'],
			['NED', 'NL'],
			['SUI', 'CH'],
			['POR', 'PT'],
			['KSA', 'SA'],
			['RSA', 'ZA'],
			['CRC', 'CR'],
			['CPV', 'CV'],
			['CUW', 'CW'],
			['EUR', '150'],
			['WLD', '001'],
		];
		for (const [fifa, region] of cases) expect(regionOf(fifa), fifa).toBe(region);
		expect(regionOf('ENG')).toBe('ENG');
		expect(regionOf('XYZ')).toBeNull();
		expect(regionOf(null)).toBeNull();
	});

	it('every national team code of the shipped data maps to a region or to a message key', async () => {
		const codes = await nationalTeamCodes();
		expect(codes.length).toBeGreaterThan(60);
		for (const code of codes) {
			const region = regionOf(code);
			expect(region, code).not.toBeNull();
			if (isDisplayRegion(region!)) {
				expect(placeName(region!, 'de-DE', {}), code).toBeTruthy();
			} else {
				expect(NAMED_NATIONS as readonly string[]).toContain(region);
				for (const locale of LOCALES) {
					const name = useTranslations(locale)(`football:nations.${region}`, { defaultValue: '' });
					expect(name, `${locale} ${code}`).not.toBe('');
				}
			}
		}
	});

	it('names rounds, groups, nations and areas per locale; clubs stay as they are', () => {
		const nations = new Map([
			[1, 'AR'],
			[2, 'ENG'],
			[3, 'COD'],
		]);
		const de = makeNames({ locale: 'de', t: useTranslations('de') }, nations);
		expect(de.team({ id: 1, name: 'Argentina', shortName: 'Argentina' })).toMatchObject({
			name: 'Argentinien',
			shortName: 'Argentinien',
		});
		expect(de.team({ id: 2, name: 'England' }).name).toBe('England');
		expect(de.team({ id: 3, name: 'DR Congo' }).name).toBe('DR Kongo');
		expect(de.team({ id: 9, name: 'Liverpool FC' }).name).toBe('Liverpool FC');
		expect(de.round('Matchday 14')).toBe('14. Spieltag');
		expect(de.round('14. Round')).toBe('14. Spieltag');
		expect(de.round('League, Matchday 3')).toBe('Ligaphase, 3. Spieltag');
		expect(de.round('Finals, Quarterfinals')).toBe('Viertelfinale');
		expect(de.round('Round of 16')).toBe('Achtelfinale');
		expect(de.round('Final')).toBe('Finale');
		expect(de.round('Something else')).toBe('Something else');
		expect(de.group('Group C')).toBe('Gruppe C');
		expect(de.area('GER', 'Germany')).toBe('Deutschland');
		expect(de.area('EUR', 'Europe')).toBe('Europa');
		const ru = makeNames({ locale: 'ru', t: useTranslations('ru') }, nations);
		expect(ru.team({ id: 2, name: 'England' }).name).toBe('Англия');
		expect(ru.round('Matchday 14')).toBe('14-й тур');
		expect(ru.group('Group C')).toBe('Группа C');
		expect(ru.area('WLD', 'World')).toBe('Весь мир');
		const en = makeNames({ locale: 'en', t: useTranslations('en') }, nations);
		expect(en.team({ id: 1, name: 'Argentina' }).name).toBe('Argentina');
		expect(en.round('1. Round')).toBe('Matchday 1');
	});
});
