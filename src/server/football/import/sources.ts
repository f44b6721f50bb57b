/**
 * What the importer reads: the competitions it knows and the openfootball files, each with
 * the time zone its local times are written in (see docs/football.md, "Time zones").
 */

export interface CompetitionInfo {
	code: string;
	slug: string;
	name: string;
	type: 'league' | 'cup' | 'tournament';
	areaCode: string;
	areaName: string;
	/** Where the competition's local times are written, when one zone fits all seasons. */
	timeZone: string;
	/** Importance in the hot-match ranking, 0-120 (docs/football.md). */
	weight: number;
	/** Country code of clubs first met in this competition's files (domestic leagues). */
	clubCountry?: string;
}

/** THE list of competitions (codes are openfootball's where it has one). */
export const COMPETITIONS: readonly CompetitionInfo[] = [
	{
		code: 'en.1',
		slug: 'premier-league',
		name: 'Premier League',
		type: 'league',
		areaCode: 'ENG',
		areaName: 'England',
		timeZone: 'Europe/London',
		weight: 100,
		clubCountry: 'ENG',
	},
	{
		code: 'es.1',
		slug: 'la-liga',
		name: 'La Liga',
		type: 'league',
		areaCode: 'ESP',
		areaName: 'Spain',
		timeZone: 'Europe/Madrid',
		weight: 95,
		clubCountry: 'ESP',
	},
	{
		code: 'de.1',
		slug: 'bundesliga',
		name: 'Bundesliga',
		type: 'league',
		areaCode: 'GER',
		areaName: 'Germany',
		timeZone: 'Europe/Berlin',
		weight: 90,
		clubCountry: 'GER',
	},
	{
		code: 'it.1',
		slug: 'serie-a',
		name: 'Serie A',
		type: 'league',
		areaCode: 'ITA',
		areaName: 'Italy',
		timeZone: 'Europe/Rome',
		weight: 90,
		clubCountry: 'ITA',
	},
	{
		code: 'fr.1',
		slug: 'ligue-1',
		name: 'Ligue 1',
		type: 'league',
		areaCode: 'FRA',
		areaName: 'France',
		timeZone: 'Europe/Paris',
		weight: 80,
		clubCountry: 'FRA',
	},
	{
		code: 'nl.1',
		slug: 'eredivisie',
		name: 'Eredivisie',
		type: 'league',
		areaCode: 'NED',
		areaName: 'Netherlands',
		timeZone: 'Europe/Amsterdam',
		weight: 65,
		clubCountry: 'NED',
	},
	{
		code: 'pt.1',
		slug: 'primeira-liga',
		name: 'Primeira Liga',
		type: 'league',
		areaCode: 'POR',
		areaName: 'Portugal',
		timeZone: 'Europe/Lisbon',
		weight: 65,
		clubCountry: 'POR',
	},
	{
		code: 'tr.1',
		slug: 'super-lig',
		name: 'Süper Lig',
		type: 'league',
		areaCode: 'TUR',
		areaName: 'Turkey',
		timeZone: 'Europe/Istanbul',
		weight: 60,
		clubCountry: 'TUR',
	},
	{
		code: 'uefa.cl',
		slug: 'champions-league',
		name: 'UEFA Champions League',
		type: 'cup',
		areaCode: 'EUR',
		areaName: 'Europe',
		timeZone: 'Europe/Paris',
		weight: 110,
	},
	{
		code: 'world.cup',
		slug: 'world-cup',
		name: 'FIFA World Cup',
		type: 'tournament',
		areaCode: 'WLD',
		areaName: 'World',
		timeZone: 'UTC',
		weight: 120,
	},
	{
		code: 'uefa.euro',
		slug: 'euro',
		name: 'UEFA European Championship',
		type: 'tournament',
		areaCode: 'EUR',
		areaName: 'Europe',
		timeZone: 'Europe/Berlin',
		weight: 115,
	},
];

const BY_CODE = new Map(COMPETITIONS.map((c) => [c.code, c]));

export type SourceFormat = 'league' | 'worldcup' | 'euro';

export interface SourceFile {
	/** Relative to the openfootball folder. */
	path: string;
	competition: string;
	season: string;
	seasonName: string;
	format: SourceFormat;
	/**
	 * Zone of the file's local times. World Cup 2026 times carry their own "UTC-4" offset,
	 * which wins. Euro 2020 was played in 11 cities; upstream writes every time in CEST
	 * (England v Croatia at Wembley, 14:00 BST, is "15:00"), so Europe/Berlin is right.
	 */
	timeZone: string;
	stadiums?: string;
	squads?: string;
	teams?: string;
}

const LEAGUE_SEASONS: Record<string, string[]> = {
	'2022-23': ['en.1', 'de.1', 'es.1', 'it.1', 'fr.1', 'nl.1', 'pt.1'],
	'2023-24': ['en.1', 'de.1', 'es.1', 'it.1', 'fr.1', 'nl.1', 'pt.1'],
	'2024-25': ['en.1', 'de.1', 'es.1', 'it.1', 'fr.1', 'nl.1', 'pt.1', 'tr.1', 'uefa.cl'],
	'2025-26': ['en.1', 'de.1', 'es.1', 'it.1', 'fr.1', 'nl.1', 'pt.1', 'tr.1'],
};

/** The competition record for a code (throws for an unknown code: a programming error). */
export function competitionInfo(code: string): CompetitionInfo {
	const c = BY_CODE.get(code);
	if (!c) throw new Error(`Unknown competition ${code}`);
	return c;
}

/** Every file the importer reads, in a fixed order (ids come out the same on every fresh import). */
export const SOURCE_FILES: readonly SourceFile[] = [
	...Object.entries(LEAGUE_SEASONS).flatMap(([season, codes]) =>
		codes.map((code) => {
			const c = competitionInfo(code);
			return {
				path: `football.json/${season}/${code}.json`,
				competition: code,
				season,
				seasonName: `${c.name} ${season.replace('-', '/')}`,
				format: 'league' as const,
				timeZone: c.timeZone,
			};
		}),
	),
	{
		path: 'worldcup.json/2022/worldcup.json',
		competition: 'world.cup',
		season: '2022',
		seasonName: 'FIFA World Cup 2022',
		format: 'worldcup',
		timeZone: 'Asia/Qatar',
		stadiums: 'worldcup.json/2022/worldcup.stadiums.json',
	},
	{
		path: 'worldcup.json/2026/worldcup.json',
		competition: 'world.cup',
		season: '2026',
		seasonName: 'FIFA World Cup 2026',
		format: 'worldcup',
		timeZone: 'UTC',
		stadiums: 'worldcup.json/2026/worldcup.stadiums.json',
		squads: 'worldcup.json/2026/worldcup.squads.json',
		teams: 'worldcup.json/2026/worldcup.teams.json',
	},
	{
		path: 'euro.json/2020/euro.json',
		competition: 'uefa.euro',
		season: '2020',
		seasonName: 'UEFA Euro 2020',
		format: 'euro',
		timeZone: 'Europe/Berlin',
	},
	{
		path: 'euro.json/2024/euro.json',
		competition: 'uefa.euro',
		season: '2024',
		seasonName: 'UEFA Euro 2024',
		format: 'euro',
		timeZone: 'Europe/Berlin',
	},
];
