import { describe, expect, it } from 'vitest';
import { liveTable, type TableFixture } from '~/lib/live/league-table';
import type { StandingsRow } from '~/lib/standings';

const row = (
	teamId: number,
	name: string,
	points: number,
	gf: number,
	ga: number,
	played = 3,
): StandingsRow => ({
	position: 0,
	team: { id: teamId, name, slug: name.toLowerCase() },
	played,
	won: 0,
	drawn: 0,
	lost: 0,
	goalsFor: gf,
	goalsAgainst: ga,
	goalDifference: gf - ga,
	points,
	form: '',
	positionChange: null,
});

// A group two matches into its last round: A 6 pts, B 4, C 3, D 1 (server order).
const base = [
	row(1, 'A', 6, 5, 2),
	row(2, 'B', 4, 4, 3),
	row(3, 'C', 3, 3, 4),
	row(4, 'D', 1, 1, 4),
];
const fixtures: TableFixture[] = [
	{ matchId: '10', homeTeamId: 1, awayTeamId: 2 },
	{ matchId: '11', homeTeamId: 3, awayTeamId: 4 },
];
const order = (rows: ReturnType<typeof liveTable>) => rows.map((r) => r.team.name).join('');

describe('liveTable', () => {
	it('is the server table when nothing is in play', () => {
		const t = liveTable(base, fixtures, {});
		expect(order(t)).toBe('ABCD');
		expect(t.map((r) => r.position)).toEqual([1, 2, 3, 4]);
		expect(t.every((r) => !r.playing && r.played === 3)).toBe(true);
	});

	it('moves positions as goals go in, counting live scores as if final', () => {
		const t = liveTable(base, fixtures, {
			'10': { status: 'live', score: { home: 0, away: 2 } },
			'11': { status: 'half_time', score: { home: 1, away: 0 } },
		});
		// B 7 pts, A 6, C 6 (GD 0 vs A's +1): B jumps to first.
		expect(order(t)).toBe('BACD');
		const b = t.find((r) => r.team.name === 'B')!;
		expect(b).toMatchObject({
			position: 1,
			basePosition: 2,
			points: 7,
			played: 4,
			won: 1,
			goalsFor: 6,
			goalsAgainst: 3,
			goalDifference: 3,
			playing: true,
		});
		const a = t.find((r) => r.team.name === 'A')!;
		expect(a).toMatchObject({ position: 2, points: 6, lost: 1, goalDifference: 1 });
		const c = t.find((r) => r.team.name === 'C')!;
		expect(c).toMatchObject({ position: 3, points: 6, goalDifference: 0 });
	});

	it('a draw gives each side a point; a finished match keeps counting but no longer plays', () => {
		const t = liveTable(base, fixtures, {
			'10': { status: 'finished', score: { home: 1, away: 1 } },
			'11': { status: 'live', score: { home: 0, away: 0 } },
		});
		expect(order(t)).toBe('ABCD');
		expect(t.map((r) => r.points)).toEqual([7, 5, 4, 2]);
		expect(t[0]?.playing).toBe(false);
		expect(t[2]?.playing).toBe(true);
	});

	it('breaks equal points by goal difference, goals scored, then the server order', () => {
		const even = [
			row(1, 'A', 3, 2, 2),
			row(2, 'B', 3, 2, 2),
			row(3, 'C', 0, 0, 0),
			row(4, 'D', 0, 0, 0),
		];
		const t = liveTable(even, fixtures, { '11': { status: 'live', score: { home: 2, away: 2 } } });
		// C and D draw 2-2: one point each, level on GD; the server had C above D.
		expect(order(t)).toBe('ABCD');
		const u = liveTable(even, fixtures, { '11': { status: 'live', score: { home: 0, away: 1 } } });
		// D wins 1-0: 3 pts and GD +1 put it above A and B (3 pts, GD 0).
		expect(order(u)).toBe('DABC');
		const v = liveTable(even, fixtures, { '10': { status: 'live', score: { home: 3, away: 3 } } });
		// A and B both 4 pts, equal GD and goals: server order stays.
		expect(order(v)).toBe('ABCD');
	});

	it('ignores scheduled, cancelled, unknown or score-less matches, teams outside the table and duplicates', () => {
		const t = liveTable(
			base,
			[...fixtures, fixtures[0]!, { matchId: '12', homeTeamId: 1, awayTeamId: 99 }],
			{
				'10': { status: 'scheduled', score: { home: 0, away: 5 } },
				'11': { status: 'live', score: null },
				'12': { status: 'live', score: { home: 9, away: 0 } },
			},
		);
		expect(order(t)).toBe('ABCD');
		expect(t.map((r) => r.points)).toEqual([6, 4, 3, 1]);
		const dup = liveTable(base, [fixtures[0]!, fixtures[0]!], {
			'10': { status: 'live', score: { home: 1, away: 0 } },
		});
		expect(dup[0]?.points).toBe(9);
		expect(
			liveTable(base, fixtures, { '10': { status: 'postponed', score: { home: 0, away: 3 } } })[0]
				?.points,
		).toBe(6);
	});
});
