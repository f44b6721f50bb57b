import { describe, expect, it } from 'vitest';
import {
	kickoffOf,
	parseMinute,
	parseRound,
	parseSourceFile,
} from '~/server/football/import/parse';
import { SOURCE_FILES } from '~/server/football/import/sources';

const euro = SOURCE_FILES.find((f) => f.path === 'euro.json/2024/euro.json')!;
const cl = SOURCE_FILES.find((f) => f.path === 'football.json/2024-25/uefa.cl.json')!;
const wc26 = SOURCE_FILES.find((f) => f.path === 'worldcup.json/2026/worldcup.json')!;
const now = new Date('2025-01-01T00:00:00Z');

describe('parse helpers', () => {
	it('reads both minute forms', () => {
		expect(parseMinute(90, 9)).toEqual({ minute: 90, stoppage: 9 });
		expect(parseMinute('90+2')).toEqual({ minute: 90, stoppage: 2 });
		expect(parseMinute('106')).toEqual({ minute: 106, stoppage: null });
		expect(() => parseMinute('ninety')).toThrow();
	});
	it('reads stages from round labels', () => {
		expect(parseRound('Matchday 12', 'league', false)).toEqual({ stage: 'regular', matchday: 12 });
		expect(parseRound('League, Matchday 3', 'league', false)).toEqual({
			stage: 'league_phase',
			matchday: 3,
		});
		expect(parseRound('Playoffs, Matchday 1', 'league', false)).toEqual({
			stage: 'playoff',
			matchday: 1,
		});
		expect(parseRound('Finals, Final', 'league', false)).toEqual({
			stage: 'knockout',
			matchday: null,
		});
		expect(parseRound('Matchday 2', 'euro', true)).toEqual({ stage: 'group', matchday: 2 });
		expect(parseRound('Quarter-finals', 'euro', false)).toEqual({
			stage: 'knockout',
			matchday: null,
		});
	});
	it('marks a missing time as unknown at 12:00 local', () => {
		const k = kickoffOf('2026-04-12', undefined, 'Europe/Madrid');
		expect(k).toEqual({ kickoffAt: new Date('2026-04-12T10:00:00Z'), kickoffTimeKnown: false });
		expect(kickoffOf('2026-06-11', '13:00 UTC-6', 'UTC').kickoffAt.toISOString()).toBe(
			'2026-06-11T19:00:00.000Z',
		);
		expect(() => kickoffOf('2026-06-11', '1pm', 'UTC')).toThrow();
	});
});

describe('parseSourceFile', () => {
	it('credits an own goal to the team it counts for and keeps team objects', () => {
		const [m] = parseSourceFile(
			{
				name: 'Euro 2024',
				rounds: [
					{
						name: 'Matchday 1',
						matches: [
							{
								num: 1,
								date: '2024-06-14',
								time: '21:00',
								group: 'Group A',
								team1: { name: 'Germany', code: 'GER' },
								team2: { name: 'Scotland', code: 'SCO' },
								score: { ft: [5, 1], ht: [3, 0] },
								goals1: [
									{ name: 'Wirtz', minute: 10 },
									{ name: 'Havertz', minute: 45, offset: 1, penalty: true },
								],
								goals2: [{ name: 'Rüdiger', minute: 87, owngoal: true }],
							},
						],
					},
				],
			},
			euro,
			now,
		);
		expect(m!.home).toEqual({ name: 'Germany', national: true, code: 'GER' });
		expect(m!.sourceKey).toBe('#1');
		expect(m!.kickoffAt.toISOString()).toBe('2024-06-14T19:00:00.000Z');
		expect(m!.goals.map((g) => [g.side, g.name, g.ownGoal])).toEqual([
			['home', 'Wirtz', false],
			['home', 'Havertz', false],
			['away', 'Rüdiger', true],
		]);
		expect(m!.goals[1]).toMatchObject({ minute: 45, stoppage: 1, penalty: true });
		expect(m!.winner).toBe('home');
	});
	it('reads club suffixes, future fixtures and upstream statuses', () => {
		const ms = parseSourceFile(
			{
				name: 'CL',
				matches: [
					{
						round: 'Finals, Final',
						date: '2025-05-31',
						time: '21:00',
						team1: 'Paris Saint-Germain FC (FRA)',
						team2: 'FC Internazionale Milano (ITA)',
						score: {},
					},
					{
						round: 'League, Matchday 1',
						date: '2024-09-17',
						time: '18:45',
						team1: 'BSC Young Boys (SUI)',
						team2: 'Aston Villa FC (ENG)',
						score: { ft: [0, 3] },
						status: 'awarded',
					},
				],
			},
			cl,
			now,
		);
		expect(ms[0]!.home).toEqual({
			name: 'Paris Saint-Germain FC',
			national: false,
			country: 'FRA',
		});
		expect(ms[0]!.status).toBe('scheduled'); // relative to `now` (January 2025)
		const later = parseSourceFile(
			{
				name: 'CL',
				matches: [
					{
						round: 'Finals, Final',
						date: '2025-05-31',
						time: '21:00',
						team1: 'A',
						team2: 'B',
						score: {},
					},
				],
			},
			cl,
			new Date('2025-07-01T00:00:00Z'),
		);
		expect(later[0]!.status).toBe('result_unknown');
		expect(ms[1]!.status).toBe('awarded');
		expect(ms[1]!.stage).toBe('league_phase');
	});
	it('rejects a malformed file with a readable error', () => {
		expect(() =>
			parseSourceFile(
				{ name: 'x', matches: [{ date: 'yesterday', team1: 'A', team2: 'B' }] },
				wc26,
				now,
			),
		).toThrow(/date/);
	});
});
