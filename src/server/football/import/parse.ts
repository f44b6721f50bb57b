import { z } from 'zod';
import type { MatchStage, MatchStatus } from '~/server/db/schema/football';
import { splitCountrySuffix } from '../names';
import { importStatus, winnerOf, type RawScore } from '../status';
import { localToUtc } from '../time';
import type { SourceFile } from './sources';

/** Pure parsing of openfootball JSON into importer records (no database, no file system). */

const pair = z.array(z.number().int().min(0)).length(2);
const scoreSchema = z.object({
	ht: pair.optional(),
	ft: pair.optional(),
	et: pair.optional(),
	p: pair.optional(),
});
const goalSchema = z.object({
	name: z.string(),
	minute: z.union([z.number(), z.string()]),
	offset: z.number().optional(),
	penalty: z.boolean().optional(),
	owngoal: z.boolean().optional(),
});
const teamRef = z.union([z.string(), z.object({ name: z.string(), code: z.string().optional() })]);
const matchSchema = z.object({
	round: z.string().optional(),
	num: z.number().int().optional(),
	date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
	time: z.string().optional(),
	team1: teamRef,
	team2: teamRef,
	score: scoreSchema.default({}),
	status: z.string().optional(),
	group: z.string().optional(),
	ground: z.string().optional(),
	goals1: z.array(goalSchema).optional(),
	goals2: z.array(goalSchema).optional(),
});
export const leagueFileSchema = z.object({ name: z.string(), matches: z.array(matchSchema) });
export const euroFileSchema = z.object({
	name: z.string(),
	rounds: z.array(z.object({ name: z.string(), matches: z.array(matchSchema) })),
});
export const stadiumsSchema = z.object({
	stadiums: z.array(
		z.object({
			name: z.string(),
			city: z.string(),
			timezone: z.string().optional(),
			cc: z.string().optional(),
			capacity: z.number().optional(),
		}),
	),
});
export const squadsSchema = z.array(
	z.object({
		name: z.string(),
		fifa_code: z.string(),
		players: z.array(
			z.object({
				number: z.number().int().nullable().optional(),
				pos: z.string().optional(),
				name: z.string(),
				club: z.object({ name: z.string(), country: z.string().optional() }).optional(),
				date_of_birth: z.string().optional(),
			}),
		),
	}),
);
export const teamsFileSchema = z.array(z.object({ name: z.string(), fifa_code: z.string() }));

type RawMatch = z.infer<typeof matchSchema>;

/** A team as one file names it. */
export interface RawTeam {
	/** The name as written, country suffix removed. */
	name: string;
	national: boolean;
	/** Country code from a "(ESP)" suffix (clubs). */
	country?: string;
	/** FIFA code written beside the name (Euro files). */
	code?: string;
}

export interface ParsedGoal {
	side: 'home' | 'away';
	name: string;
	minute: number;
	stoppage: number | null;
	penalty: boolean;
	ownGoal: boolean;
}

export interface ParsedMatch {
	sourceKey: string;
	round: string;
	stage: MatchStage;
	groupName: string | null;
	matchday: number | null;
	matchNumber: number | null;
	home: RawTeam;
	away: RawTeam;
	localDate: string;
	kickoffAt: Date;
	kickoffTimeKnown: boolean;
	ground: string | null;
	status: MatchStatus;
	score: RawScore;
	winner: 'home' | 'away' | 'draw' | null;
	goals: ParsedGoal[];
}

/** "90+2" → {90, 2}; 45 with offset 3 → {45, 3}; "106" → {106, null}. */
export function parseMinute(
	minute: number | string,
	offset?: number,
): { minute: number; stoppage: number | null } {
	if (typeof minute === 'number') return { minute, stoppage: offset ?? null };
	const m = /^(\d+)(?:\s*\+\s*(\d+))?'?$/.exec(minute.trim());
	if (!m) throw new Error(`Bad goal minute: ${minute}`);
	return { minute: Number(m[1]), stoppage: m[2] ? Number(m[2]) : (offset ?? null) };
}

/** Stage and matchday from a round label ("League, Matchday 3", "Matchday 12", "Final"). */
export function parseRound(
	round: string,
	format: SourceFile['format'],
	hasGroup: boolean,
): { stage: MatchStage; matchday: number | null } {
	const md = /Matchday (\d+)/.exec(round);
	const matchday = md ? Number(md[1]) : null;
	if (format === 'league') {
		if (/^League,/.test(round)) return { stage: 'league_phase', matchday };
		if (/^Playoffs?,/.test(round)) return { stage: 'playoff', matchday };
		if (/^Finals?,/.test(round)) return { stage: 'knockout', matchday: null };
		return { stage: 'regular', matchday };
	}
	return hasGroup ? { stage: 'group', matchday } : { stage: 'knockout', matchday: null };
}

/**
 * Local kick-off → UTC. A time like "15:00 UTC-4" names its own offset, which wins over the
 * file's zone. A missing time means "not fixed yet": 12:00 local, flagged unknown.
 */
export function kickoffOf(
	date: string,
	time: string | undefined,
	zone: string,
): { kickoffAt: Date; kickoffTimeKnown: boolean } {
	if (!time) return { kickoffAt: localToUtc(date, '12:00', zone), kickoffTimeKnown: false };
	const m = /^(\d{1,2}:\d{2})(?:\s+(UTC[+-]\d{1,2}(?::?\d{2})?))?$/.exec(time.trim());
	if (!m) throw new Error(`Bad kick-off time: ${time}`);
	return { kickoffAt: localToUtc(date, m[1]!, m[2] ?? zone), kickoffTimeKnown: true };
}

function rawTeam(ref: RawMatch['team1'], national: boolean): RawTeam {
	if (typeof ref === 'string') {
		const { name, country } = splitCountrySuffix(ref);
		return country ? { name, national, country } : { name, national };
	}
	const name = ref.name.trim();
	return ref.code ? { name, national, code: ref.code } : { name, national };
}

function parseOne(raw: RawMatch, round: string, file: SourceFile, now: Date): ParsedMatch {
	const national = file.format !== 'league';
	const home = rawTeam(raw.team1, national);
	const away = rawTeam(raw.team2, national);
	const { stage, matchday } = parseRound(round, file.format, Boolean(raw.group));
	const { kickoffAt, kickoffTimeKnown } = kickoffOf(raw.date, raw.time, file.timeZone);
	const score = raw.score as RawScore;
	const status = importStatus(raw.status, score, kickoffAt, now);
	const goals: ParsedGoal[] = [];
	for (const [side, list] of [
		['home', raw.goals1],
		['away', raw.goals2],
	] as const) {
		for (const g of list ?? []) {
			// An own goal is listed under the team it counts for, so `side` is already right.
			goals.push({
				side,
				name: g.name,
				...parseMinute(g.minute, g.offset),
				penalty: g.penalty === true,
				ownGoal: g.owngoal === true,
			});
		}
	}
	// Stable order: by time, then as listed (home list first).
	goals.sort((a, b) => a.minute - b.minute || (a.stoppage ?? 0) - (b.stoppage ?? 0));
	return {
		sourceKey: raw.num !== undefined ? `#${raw.num}` : `${round}|${home.name}|${away.name}`,
		round,
		stage,
		groupName: raw.group ?? null,
		matchday,
		matchNumber: raw.num ?? null,
		home,
		away,
		localDate: raw.date,
		kickoffAt,
		kickoffTimeKnown,
		ground: raw.ground ?? null,
		status,
		score,
		winner: winnerOf(status, score),
		goals,
	};
}

/** Every match of one source file (already JSON-parsed). `now` decides "result unknown". */
export function parseSourceFile(json: unknown, file: SourceFile, now: Date): ParsedMatch[] {
	if (file.format === 'euro') {
		const data = euroFileSchema.parse(json);
		return data.rounds.flatMap((r) => r.matches.map((m) => parseOne(m, r.name, file, now)));
	}
	const data = leagueFileSchema.parse(json);
	return data.matches.map((m) => parseOne(m, m.round ?? 'Matchday', file, now));
}
