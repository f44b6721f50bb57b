import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '~/server/db/client';
import { aliasKey, shortName, slugify, teamColours, tla } from '../names';
import { canonicalClubName, CLUB_ALIASES, NATION_CODES, RIVALRIES } from './aliases';
import {
	parseSourceFile,
	squadsSchema,
	stadiumsSchema,
	teamsFileSchema,
	type ParsedMatch,
	type RawTeam,
} from './parse';
import { COMPETITIONS, SOURCE_FILES, competitionInfo, type SourceFile } from './sources';
import { rowsOf } from '~/server/db/rows';
import { upsertRows, type UpsertCount } from './upsert';
import { unifyScorerNames, type GoalRow } from './scorer-names';
import { importSquads } from './squads';

export interface ImportOptions {
	/** Folder holding football.json/, worldcup.json/, euro.json/. Default: data/openfootball. */
	dataDir?: string;
	/** "Now" for deciding "result unknown" (tests pass a fixed date). */
	now?: Date;
	/** Only these files (tests); default all of SOURCE_FILES. */
	files?: readonly SourceFile[];
}

export type ImportReport = Record<string, UpsertCount> & { changes: UpsertCount };

/** Default location of the shipped data set. */
export function defaultDataDir(): string {
	return process.env.FOOTBALL_DATA_DIR ?? join(process.cwd(), 'data', 'openfootball');
}

async function readJson(dir: string, path: string): Promise<unknown> {
	return JSON.parse(await readFile(join(dir, path), 'utf8'));
}

interface TeamRecord {
	key: string;
	name: string;
	national: boolean;
	country: string | null;
	code: string | null;
	aliases: Set<string>;
}

type ParsedFile = { file: SourceFile; matches: ParsedMatch[] };

async function readSources(
	dir: string,
	files: readonly SourceFile[],
	now: Date,
): Promise<ParsedFile[]> {
	const parsed: ParsedFile[] = [];
	for (const file of files) {
		parsed.push({ file, matches: parseSourceFile(await readJson(dir, file.path), file, now) });
	}
	return parsed;
}

/**
 * National teams are keyed by FIFA code: learn name → code from the fixed table, the teams
 * file and every match that writes a code beside the name.
 */
async function learnNationCodes(
	dir: string,
	files: readonly SourceFile[],
	parsed: readonly ParsedFile[],
): Promise<Map<string, string>> {
	const codes = new Map(Object.entries(NATION_CODES));
	const teamsFile = files.find((f) => f.teams);
	if (teamsFile?.teams) {
		for (const t of teamsFileSchema.parse(await readJson(dir, teamsFile.teams)))
			codes.set(t.name, t.fifa_code);
	}
	for (const { matches } of parsed) {
		for (const m of matches)
			for (const t of [m.home, m.away]) if (t.national && t.code) codes.set(t.name, t.code);
	}
	return codes;
}

/** The FIFA code a national team is keyed by (its name when no file gives one). */
const nationCodeOf = (t: RawTeam, codes: ReadonlyMap<string, string>): string =>
	t.code ?? codes.get(t.name) ?? t.name;

/**
 * The codes of every national team the data set names, as the importer keys them (the crest
 * tests check that each one has a flag).
 */
export async function nationalTeamCodes(
	dir: string = defaultDataDir(),
	files: readonly SourceFile[] = SOURCE_FILES,
): Promise<string[]> {
	const parsed = await readSources(dir, files, new Date(0));
	const codes = await learnNationCodes(dir, files, parsed);
	const found = new Set<string>();
	for (const { matches } of parsed)
		for (const m of matches)
			for (const t of [m.home, m.away]) if (t.national) found.add(nationCodeOf(t, codes));
	return [...found].sort();
}

/** Alias-table key of a name variant: "club:real madrid cf", "nation:germany". */
export function aliasOf(t: RawTeam): string {
	return `${t.national ? 'nation' : 'club'}:${aliasKey(t.name)}`;
}

/**
 * Imports the openfootball data set: idempotent upserts on natural keys, so a second run
 * reports zero inserted and zero updated rows. Returns counts per table.
 */
export async function importFootballData(
	db: Database,
	options: ImportOptions = {},
): Promise<ImportReport> {
	const dir = options.dataDir ?? defaultDataDir();
	const now = options.now ?? new Date();
	const files = options.files ?? SOURCE_FILES;

	const parsed = await readSources(dir, files, now);

	const report: Record<string, UpsertCount> = {};

	// Competitions and seasons.
	const usedCodes = new Set(files.map((f) => f.competition));
	const comp = await upsertRows(
		db,
		'competitions',
		COMPETITIONS.filter((c) => usedCodes.has(c.code)).map((c) => ({
			code: c.code,
			slug: c.slug,
			name: c.name,
			type: c.type,
			area_code: c.areaCode,
			area_name: c.areaName,
			time_zone: c.timeZone,
			weight: c.weight,
		})),
		['code'],
		{ onChange: { updated_at: 'now()' } },
	);
	report.competitions = comp.count;
	const compIds = new Map(
		rowsOf<{ id: number; code: string }>(
			await db.execute(sql`SELECT id, code FROM competitions`),
		).map((r) => [r.code, Number(r.id)]),
	);
	const seasonRows = parsed.map(({ file, matches }) => {
		const dates = matches.map((m) => m.localDate).sort();
		return {
			competition_id: compIds.get(file.competition)!,
			label: file.season,
			name: file.seasonName,
			start_date: dates[0] ?? null,
			end_date: dates.at(-1) ?? null,
		};
	});
	report.seasons = (await upsertRows(db, 'seasons', seasonRows, ['competition_id', 'label'])).count;
	const seasonIds = new Map(
		rowsOf<{ id: number; competition_id: number; label: string }>(
			await db.execute(sql`SELECT id, competition_id, label FROM seasons`),
		).map((r) => [`${r.competition_id}|${r.label}`, Number(r.id)]),
	);
	const seasonIdOf = (f: SourceFile) => seasonIds.get(`${compIds.get(f.competition)}|${f.season}`)!;

	// Teams: one record per canonical key, existing aliases win (a renamed team keeps its id).
	const knownAliases = new Map(
		rowsOf<{ alias: string; key: string }>(
			await db.execute(
				sql`SELECT a.alias, t.key FROM team_aliases a JOIN teams t ON t.id = a.team_id`,
			),
		).map((r) => [r.alias, r.key]),
	);
	const squadFile = files.find((f) => f.squads);
	const nationCodes = await learnNationCodes(dir, files, parsed);
	const keyOfRaw = (t: RawTeam): string => {
		const known = knownAliases.get(aliasOf(t));
		if (known) return known;
		if (t.national) return `nation:${nationCodeOf(t, nationCodes)}`;
		return `club:${canonicalClubName(t.name)}`;
	};
	const teams = new Map<string, TeamRecord>();
	const note = (t: RawTeam, fallbackCountry: string | null) => {
		const key = keyOfRaw(t);
		let rec = teams.get(key);
		if (!rec) {
			const name = t.national ? t.name : canonicalClubName(t.name);
			const code = t.national ? key.slice('nation:'.length) : null;
			rec = {
				key,
				name,
				national: t.national,
				country: t.national ? code : null,
				code,
				aliases: new Set(),
			};
			teams.set(key, rec);
		}
		rec.country ??= t.country ?? fallbackCountry;
		rec.aliases.add(aliasOf(t));
		rec.aliases.add(aliasOf({ ...t, name: rec.name }));
	};
	for (const { file, matches } of parsed) {
		const area =
			file.format === 'league' ? (competitionInfo(file.competition).clubCountry ?? null) : null;
		for (const m of matches) {
			note(m.home, area);
			note(m.away, area);
		}
	}
	for (const [variant, canonical] of Object.entries(CLUB_ALIASES)) {
		teams.get(`club:${canonical}`)?.aliases.add(aliasOf({ name: variant, national: false }));
	}
	const existingSlugs = new Map(
		rowsOf<{ key: string; slug: string }>(await db.execute(sql`SELECT key, slug FROM teams`)).map(
			(r) => [r.key, r.slug],
		),
	);
	const takenSlugs = new Set(existingSlugs.values());
	const teamRows = [...teams.values()].map((t) => {
		let slug = existingSlugs.get(t.key);
		if (!slug) {
			const base = slugify(t.name);
			slug = base;
			for (let i = 2; takenSlugs.has(slug); i++) {
				slug = `${base}-${t.national ? 'national' : (t.country ?? 'fc').toLowerCase()}${i > 2 ? `-${i}` : ''}`;
			}
			takenSlugs.add(slug);
		}
		const colours = teamColours(t.name);
		return {
			key: t.key,
			slug,
			name: t.name,
			short_name: shortName(t.name),
			tla: t.code ?? tla(t.name),
			country_code: t.country,
			is_national: t.national,
			colour_primary: colours.primary,
			colour_secondary: colours.secondary,
		};
	});
	report.teams = (
		await upsertRows(db, 'teams', teamRows, ['key'], { onChange: { updated_at: 'now()' } })
	).count;
	const teamIds = new Map(
		rowsOf<{ id: number; key: string }>(await db.execute(sql`SELECT id, key FROM teams`)).map(
			(r) => [r.key, Number(r.id)],
		),
	);
	const aliasRows = [...teams.values()].flatMap((t) =>
		[...t.aliases].map((alias) => ({ alias, team_id: teamIds.get(t.key)! })),
	);
	report.teamAliases = (await upsertRows(db, 'team_aliases', aliasRows, ['alias'])).count;
	const teamIdOf = (t: RawTeam) => teamIds.get(keyOfRaw(t))!;
	const rivalryRows = RIVALRIES.flatMap(([a, b]) => {
		const ids = [teamIds.get(a), teamIds.get(b)];
		if (ids[0] === undefined || ids[1] === undefined) return [];
		const [lo, hi] = ids[0] < ids[1] ? ids : [ids[1], ids[0]];
		return [{ team_a_id: lo, team_b_id: hi }];
	});
	report.rivalries = (
		await upsertRows(db, 'rivalries', rivalryRows, ['team_a_id', 'team_b_id'])
	).count;

	// Venues (World Cup stadium files). Grounds are written "Stadium, City" (2022; the stadium
	// name may differ: "Lusail Iconic Stadium" vs "Lusail Stadium") or just the city (2026),
	// and 2022 cities carry "(1)", "(2)" when a city has several stadiums.
	const venueRows: Record<string, unknown>[] = [];
	const venueLookup = new Map<string, string>();
	for (const file of files) {
		if (!file.stadiums) continue;
		const stadiums = stadiumsSchema.parse(await readJson(dir, file.stadiums)).stadiums;
		const cityOf = (city: string) => city.replace(/\s*\(\d+\)$/, '');
		const cityCount = new Map<string, number>();
		for (const s of stadiums)
			cityCount.set(aliasKey(cityOf(s.city)), (cityCount.get(aliasKey(cityOf(s.city))) ?? 0) + 1);
		for (const s of stadiums) {
			const city = cityOf(s.city);
			const key = aliasKey(`${s.name} ${city}`);
			venueRows.push({
				key,
				name: s.name,
				city,
				country_code: s.cc ?? null,
				time_zone: s.timezone ?? null,
				capacity: s.capacity ?? null,
			});
			venueLookup.set(`${file.season}|name:${aliasKey(s.name)}`, key);
			if (cityCount.get(aliasKey(city)) === 1)
				venueLookup.set(`${file.season}|city:${aliasKey(city)}`, key);
		}
	}
	const venueKeyOf = (season: string, ground: string): string | undefined => {
		const [first, ...rest] = ground.split(',').map((p) => p.trim());
		return (
			venueLookup.get(`${season}|name:${aliasKey(first!)}`) ??
			venueLookup.get(`${season}|city:${aliasKey(rest.join(', ') || first!)}`)
		);
	};
	report.venues = (await upsertRows(db, 'venues', venueRows, ['key'])).count;
	const venueIds = new Map(
		rowsOf<{ id: number; key: string }>(await db.execute(sql`SELECT id, key FROM venues`)).map(
			(r) => [r.key, Number(r.id)],
		),
	);

	// Matches. A change to kick-off, status or score bumps `version` (calendar SEQUENCE).
	const matchRows = parsed.flatMap(({ file, matches }) =>
		matches.map((m) => {
			const vk = m.ground ? venueKeyOf(file.season, m.ground) : undefined;
			const s = m.score;
			return {
				season_id: seasonIdOf(file),
				source_key: m.sourceKey,
				round: m.round,
				stage: m.stage,
				group_name: m.groupName,
				matchday: m.matchday,
				match_number: m.matchNumber,
				home_team_id: teamIdOf(m.home),
				away_team_id: teamIdOf(m.away),
				venue_id: vk ? (venueIds.get(vk) ?? null) : null,
				kickoff_at: m.kickoffAt,
				kickoff_time_known: m.kickoffTimeKnown,
				status: m.status,
				ht_home: s.ht?.[0] ?? null,
				ht_away: s.ht?.[1] ?? null,
				ft_home: s.ft?.[0] ?? null,
				ft_away: s.ft?.[1] ?? null,
				et_home: s.et?.[0] ?? null,
				et_away: s.et?.[1] ?? null,
				pen_home: s.p?.[0] ?? null,
				pen_away: s.p?.[1] ?? null,
				winner: m.winner,
			};
		}),
	);
	report.matches = (
		await upsertRows(db, 'matches', matchRows, ['season_id', 'source_key'], {
			onChange: { version: '"matches"."version" + 1', updated_at: 'now()' },
		})
	).count;
	const matchIds = new Map(
		rowsOf<{ id: number; season_id: number; source_key: string }>(
			await db.execute(sql`SELECT id, season_id, source_key FROM matches`),
		).map((r) => [`${r.season_id}|${r.source_key}`, Number(r.id)]),
	);

	// Goals, from the tournament files. Sequence numbers are per match, in minute order.
	const eventRows: Record<string, unknown>[] = [];
	const goalCounts: { match_id: number; n: number }[] = [];
	for (const { file, matches } of parsed) {
		if (file.format === 'league') continue;
		for (const m of matches) {
			const matchId = matchIds.get(`${seasonIdOf(file)}|${m.sourceKey}`)!;
			goalCounts.push({ match_id: matchId, n: m.goals.length });
			m.goals.forEach((g, seq) => {
				eventRows.push({
					match_id: matchId,
					seq,
					type: 'goal',
					team_id: teamIdOf(g.side === 'home' ? m.home : m.away),
					player_name: g.name,
					minute: g.minute,
					stoppage: g.stoppage,
					penalty: g.penalty,
					own_goal: g.ownGoal,
				});
			});
		}
	}
	unifyScorerNames(eventRows as unknown as GoalRow[]);
	const events = (await upsertRows(db, 'match_events', eventRows, ['match_id', 'seq'])).count;
	if (goalCounts.length > 0) {
		const removed = rowsOf(
			await db.execute(sql`DELETE FROM match_events e USING jsonb_to_recordset(${JSON.stringify(goalCounts)}::jsonb) AS v(match_id int, n int)
				WHERE e.match_id = v.match_id AND e.type = 'goal' AND e.seq >= v.n RETURNING e.id`),
		).length;
		events.updated += removed;
	}
	report.matchEvents = events;

	// World Cup 2026 squads.
	if (squadFile?.squads) {
		const squads = squadsSchema.parse(await readJson(dir, squadFile.squads));
		const teamIdOfSquad = (s: { name: string; fifa_code: string }) =>
			teamIds.get(keyOfRaw({ name: s.name, national: true, code: s.fifa_code }));
		Object.assign(report, await importSquads(db, squads, seasonIdOf(squadFile), teamIdOfSquad));
	}

	const changes = Object.values(report).reduce(
		(sum, c) => ({ inserted: sum.inserted + c.inserted, updated: sum.updated + c.updated }),
		{ inserted: 0, updated: 0 },
	);
	return Object.assign(report, { changes }) as ImportReport;
}

/** One line per table: "matches: 10443 inserted, 0 updated". */
export function formatImportReport(report: ImportReport): string {
	return Object.entries(report)
		.map(([table, c]) => `${table}: ${c.inserted} inserted, ${c.updated} updated`)
		.join('\n');
}
