import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { computeHeadToHead, type H2HMatch } from '~/server/football/tables/head-to-head';
import { tieBreakRule } from '~/server/football/tables/rules';
import { computeTable, type TableMatch, type TeamRef } from '~/server/football/tables/standings';

const team = (id: number, name: string): TeamRef => ({ id, name, slug: name.toLowerCase() });
const A = team(1, 'Alpha');
const B = team(2, 'Bravo');
const C = team(3, 'Charlie');
const D = team(4, 'Delta');
let nextId = 1;
const m = (
	home: TeamRef,
	away: TeamRef,
	hg: number,
	ag: number,
	matchday = 1,
	day = matchday,
): TableMatch => ({
	id: nextId++,
	homeTeamId: home.id,
	awayTeamId: away.id,
	homeGoals: hg,
	awayGoals: ag,
	kickoffAt: new Date(Date.UTC(2024, 7, day)),
	matchday,
});

describe('computeTable', () => {
	it('counts played, won, drawn, lost, goals and points', () => {
		const rows = computeTable(
			[A, B, C],
			[m(A, B, 2, 0), m(B, C, 1, 1, 2), m(C, A, 3, 1, 3)],
			'overall',
		);
		const byName = Object.fromEntries(rows.map((r) => [r.team.name, r]));
		expect(byName.Alpha).toMatchObject({
			played: 2,
			won: 1,
			drawn: 0,
			lost: 1,
			goalsFor: 3,
			goalsAgainst: 3,
			goalDifference: 0,
			points: 3,
			form: 'WL',
		});
		expect(byName.Charlie).toMatchObject({
			played: 2,
			won: 1,
			drawn: 1,
			lost: 0,
			goalsFor: 4,
			goalsAgainst: 2,
			points: 4,
			form: 'DW',
		});
		expect(byName.Bravo).toMatchObject({ played: 2, won: 0, drawn: 1, lost: 1, points: 1 });
		expect(rows.map((r) => r.position)).toEqual([1, 2, 3]);
		expect(rows[0]!.team.name).toBe('Charlie');
	});

	it('keeps the columns in the order the API publishes them', () => {
		const [row] = computeTable([A, B], [m(A, B, 1, 0)], 'overall');
		expect(Object.keys(row!)).toEqual([
			'position',
			'team',
			'played',
			'won',
			'drawn',
			'lost',
			'goalsFor',
			'goalsAgainst',
			'goalDifference',
			'points',
			'form',
			'positionChange',
		]);
	});

	it('lists a team without games and keeps only the last five results in form', () => {
		const games = [1, 2, 3, 4, 5, 6].map((d) => m(A, B, d % 2, 0, d));
		const rows = computeTable([A, B, D], games, 'overall');
		expect(rows.find((r) => r.team.id === A.id)!.form).toBe('DWDWD');
		expect(rows.find((r) => r.team.id === D.id)).toMatchObject({ played: 0, points: 0, form: '' });
	});

	// A and B level on points; A has the better goal difference, B won the meeting.
	const levelGames = () => [
		m(B, A, 1, 0, 1),
		m(A, C, 5, 0, 2),
		m(A, D, 3, 0, 3),
		m(B, C, 1, 0, 4),
		m(B, D, 0, 1, 5),
	];

	it('overall rule: goal difference before head-to-head', () => {
		const rows = computeTable([A, B, C, D], levelGames(), 'overall');
		expect(rows.map((r) => r.team.name)).toEqual(['Alpha', 'Bravo', 'Delta', 'Charlie']);
		expect(rows[0]!.points).toBe(rows[1]!.points);
	});

	it('h2h rule (La Liga, Serie A): the meeting before goal difference', () => {
		const rows = computeTable([A, B, C, D], levelGames(), 'h2h');
		expect(rows.map((r) => r.team.name)).toEqual(['Bravo', 'Alpha', 'Delta', 'Charlie']);
	});

	it('overall rule falls back to head-to-head when points, difference and goals are level', () => {
		// A and B: same points (3), GD 0 and GF 2; B beat A.
		const games = [m(B, A, 2, 1, 1), m(A, C, 1, 0, 2), m(C, B, 1, 0, 3)];
		const rows = computeTable([A, B, C], games, 'overall');
		const a = rows.find((r) => r.team.id === A.id)!;
		const b = rows.find((r) => r.team.id === B.id)!;
		expect([a.points, a.goalDifference, a.goalsFor]).toEqual([
			b.points,
			b.goalDifference,
			b.goalsFor,
		]);
		expect(b.position).toBeLessThan(a.position);
	});

	it('UEFA league phase: away goals, then wins, no head-to-head', () => {
		// A and B level on points, GD and GF; B scored more away.
		const games = [m(A, B, 1, 1, 1), m(A, C, 2, 0, 2), m(C, B, 0, 2, 3)];
		const rows = computeTable([A, B, C], games, 'uefa-league-phase');
		expect(rows.map((r) => r.team.name)).toEqual(['Bravo', 'Alpha', 'Charlie']);
	});

	it('position change compares with the table before the latest matchday', () => {
		const games = [m(A, B, 1, 0, 1), m(C, D, 0, 0, 1), m(B, A, 0, 0, 2), m(D, C, 4, 0, 2)];
		const rows = computeTable([A, B, C, D], games, 'overall');
		const delta = rows.find((r) => r.team.id === D.id)!;
		expect(delta.position).toBe(1);
		// After matchday 1: A 3, C 1, D 1 (C before D by name), B 0 → D was 3rd.
		expect(delta.positionChange).toBe(2);
	});

	it('knows each competition’s rule', () => {
		expect(tieBreakRule('en.1', '2024-25')).toBe('overall');
		expect(tieBreakRule('es.1', '2024-25')).toBe('h2h');
		expect(tieBreakRule('tr.1', '2024-25')).toBe('h2h');
		expect(tieBreakRule('uefa.cl', '2024-25')).toBe('uefa-league-phase');
		expect(tieBreakRule('world.cup', '2022')).toBe('overall');
		expect(tieBreakRule('world.cup', '2026')).toBe('h2h');
	});
});

describe('computeTable on a real season (file read directly, no database)', () => {
	const file = JSON.parse(
		readFileSync('data/openfootball/football.json/2023-24/en.1.json', 'utf8'),
	) as {
		matches: {
			round: string;
			date: string;
			team1: string;
			team2: string;
			score: { ft?: [number, number] };
		}[];
	};
	const ids = new Map<string, number>();
	const idOf = (name: string) => ids.get(name) ?? (ids.set(name, ids.size + 1), ids.size);
	const matches: TableMatch[] = file.matches.map((x, i) => ({
		id: i + 1,
		homeTeamId: idOf(x.team1),
		awayTeamId: idOf(x.team2),
		homeGoals: x.score.ft![0],
		awayGoals: x.score.ft![1],
		kickoffAt: new Date(`${x.date}T12:00:00Z`),
		matchday: Number(/\d+/.exec(x.round)![0]),
	}));
	const teams = [...ids].map(([name, id]) => team(id, name));

	it('2023-24 Premier League: Manchester City 91 points, Arsenal 89', () => {
		const rows = computeTable(teams, matches, 'overall');
		expect(rows).toHaveLength(20);
		expect(rows[0]).toMatchObject({
			team: { name: 'Manchester City FC' },
			points: 91,
			played: 38,
			won: 28,
			drawn: 7,
			lost: 3,
		});
		expect(rows[1]).toMatchObject({ team: { name: 'Arsenal FC' }, points: 89, goalDifference: 62 });
		expect(rows[19]!.team.name).toBe('Sheffield United FC');
	});
});

describe('computeHeadToHead', () => {
	const h = (
		id: number,
		home: TeamRef,
		away: TeamRef,
		hg: number,
		ag: number,
		pen?: [number, number],
	): H2HMatch => ({
		id,
		kickoffAt: new Date(Date.UTC(2024, 0, id)),
		homeTeamId: home.id,
		awayTeamId: away.id,
		homeGoals: hg,
		awayGoals: ag,
		penHome: pen?.[0] ?? null,
		penAway: pen?.[1] ?? null,
		competition: 'x',
	});

	it('counts wins, draws and goals from team1’s side, newest first, ignoring other games', () => {
		const r = computeHeadToHead(A, B, [
			h(1, A, B, 2, 1),
			h(2, B, A, 3, 0),
			h(3, A, C, 9, 0),
			h(4, B, A, 1, 1, [4, 4]),
		]);
		expect(r).toMatchObject({
			played: 3,
			team1Wins: 1,
			draws: 1,
			team2Wins: 1,
			team1Goals: 3,
			team2Goals: 5,
		});
		expect(r.meetings.map((x) => x.id)).toEqual([4, 2, 1]);
	});

	it('a shoot-out is a draw in the record', () => {
		const r = computeHeadToHead(A, B, [h(1, A, B, 1, 1, [5, 3])]);
		expect(r).toMatchObject({ draws: 1, team1Wins: 0 });
	});
});
