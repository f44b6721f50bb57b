import { standingsCounts, type StandingsRow, type StandingsTeam } from '~/lib/standings';
import { POINTS_FOR_WIN, type TieBreakRule } from './rules';

/** A team as tables and lists show it. */
export type TeamRef = StandingsTeam;

/** A finished match as a table sees it: full-time goals (awarded scores included). */
export interface TableMatch {
	id: number;
	homeTeamId: number;
	awayTeamId: number;
	homeGoals: number;
	awayGoals: number;
	kickoffAt: Date;
	matchday: number | null;
}

export type FormLetter = 'W' | 'D' | 'L';

/** A row of a computed table: the shape shared with the API and the live table island. */
export type TableRow = StandingsRow;

interface Acc extends Omit<TableRow, 'position' | 'form' | 'positionChange'> {
	awayGoalsFor: number;
	awayWon: number;
	results: { at: number; letter: FormLetter }[];
}

function blank(team: TeamRef): Acc {
	return {
		team,
		played: 0,
		won: 0,
		drawn: 0,
		lost: 0,
		goalsFor: 0,
		goalsAgainst: 0,
		goalDifference: 0,
		points: 0,
		awayGoalsFor: 0,
		awayWon: 0,
		results: [],
	};
}

function accumulate(teams: TeamRef[], matches: TableMatch[]): Map<number, Acc> {
	const acc = new Map<number, Acc>(teams.map((t) => [t.id, blank(t)]));
	for (const m of matches) {
		const home = acc.get(m.homeTeamId);
		const away = acc.get(m.awayTeamId);
		if (!home || !away) continue;
		const at = m.kickoffAt.getTime();
		home.played++;
		away.played++;
		home.goalsFor += m.homeGoals;
		home.goalsAgainst += m.awayGoals;
		away.goalsFor += m.awayGoals;
		away.goalsAgainst += m.homeGoals;
		away.awayGoalsFor += m.awayGoals;
		if (m.homeGoals > m.awayGoals) {
			home.won++;
			away.lost++;
			home.results.push({ at, letter: 'W' });
			away.results.push({ at, letter: 'L' });
		} else if (m.homeGoals < m.awayGoals) {
			away.won++;
			home.lost++;
			away.awayWon++;
			home.results.push({ at, letter: 'L' });
			away.results.push({ at, letter: 'W' });
		} else {
			home.drawn++;
			away.drawn++;
			home.results.push({ at, letter: 'D' });
			away.results.push({ at, letter: 'D' });
		}
	}
	for (const a of acc.values()) {
		a.points = a.won * POINTS_FOR_WIN + a.drawn;
		a.goalDifference = a.goalsFor - a.goalsAgainst;
	}
	return acc;
}

type Cmp = (a: Acc, b: Acc) => number;
const desc =
	(f: (x: Acc) => number): Cmp =>
	(a, b) =>
		f(b) - f(a);
const byName: Cmp = (a, b) => a.team.name.localeCompare(b.team.name, 'en');

/** Mini-table comparator among `group` using only the matches between them. */
function headToHead(group: Acc[], matches: TableMatch[]): Cmp {
	const ids = new Set(group.map((g) => g.team.id));
	const mini = accumulate(
		group.map((g) => g.team),
		matches.filter((m) => ids.has(m.homeTeamId) && ids.has(m.awayTeamId)),
	);
	const get = (a: Acc) => mini.get(a.team.id)!;
	return (a, b) =>
		get(b).points - get(a).points ||
		get(b).goalDifference - get(a).goalDifference ||
		get(b).goalsFor - get(a).goalsFor;
}

/** Sorts by `cmp`, then applies `then` to each run of rows `cmp` cannot separate. */
function sortRuns(rows: Acc[], cmp: Cmp, then: (run: Acc[]) => Acc[]): Acc[] {
	const sorted = [...rows].sort(cmp);
	const out: Acc[] = [];
	for (let i = 0; i < sorted.length; ) {
		let j = i + 1;
		while (j < sorted.length && cmp(sorted[i]!, sorted[j]!) === 0) j++;
		const run = sorted.slice(i, j);
		out.push(...(run.length > 1 ? then(run) : run));
		i = j;
	}
	return out;
}

function order(rows: Acc[], matches: TableMatch[], rule: TieBreakRule): Acc[] {
	const points = desc((x) => x.points);
	const overall: Cmp = (a, b) => b.goalDifference - a.goalDifference || b.goalsFor - a.goalsFor;
	return sortRuns(rows, points, (level) => {
		switch (rule) {
			case 'h2h': {
				const h2h = headToHead(level, matches);
				return [...level].sort((a, b) => h2h(a, b) || overall(a, b) || byName(a, b));
			}
			case 'uefa-league-phase':
				return [...level].sort(
					(a, b) =>
						overall(a, b) ||
						b.awayGoalsFor - a.awayGoalsFor ||
						b.won - a.won ||
						b.awayWon - a.awayWon ||
						byName(a, b),
				);
			default:
				return sortRuns(level, overall, (still) => {
					const h2h = headToHead(still, matches);
					return [...still].sort((a, b) => h2h(a, b) || byName(a, b));
				});
		}
	});
}

function rank(teams: TeamRef[], matches: TableMatch[], rule: TieBreakRule): Acc[] {
	return order([...accumulate(teams, matches).values()], matches, rule);
}

/**
 * A league (or group) table from finished matches. `teams` lists every team of the table,
 * so a team with no game yet still appears. Position change compares with the table before
 * the latest matchday in `matches` (the highest `matchday`; by kick-off date when matchdays
 * are unknown): re-scheduled games make this approximate, as on most sites.
 */
export function computeTable(
	teams: TeamRef[],
	matches: TableMatch[],
	rule: TieBreakRule,
): TableRow[] {
	const current = rank(teams, matches, rule);
	const withDay = matches.filter((m) => m.matchday != null);
	let previousMatches: TableMatch[] | undefined;
	if (withDay.length === matches.length && matches.length > 0) {
		const last = Math.max(...withDay.map((m) => m.matchday!));
		previousMatches = matches.filter((m) => m.matchday! < last);
	} else if (matches.length > 0) {
		const lastDay = Math.max(...matches.map((m) => m.kickoffAt.getTime()));
		const cut = lastDay - 3 * 86_400_000;
		previousMatches = matches.filter((m) => m.kickoffAt.getTime() < cut);
	}
	const before =
		previousMatches && previousMatches.length > 0 ? rank(teams, previousMatches, rule) : undefined;
	const previousPos = new Map(before?.map((r, i) => [r.team.id, i + 1]));
	return current.map((r, i) => {
		const prev = previousPos.get(r.team.id);
		return {
			position: i + 1,
			team: r.team,
			...standingsCounts(r),
			goalDifference: r.goalDifference,
			points: r.points,
			form: r.results
				.sort((a, b) => a.at - b.at)
				.slice(-5)
				.map((x) => x.letter)
				.join(''),
			positionChange: prev === undefined ? null : prev - (i + 1),
		};
	});
}
