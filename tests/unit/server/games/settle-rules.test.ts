import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MAX_POINTS, MIN_POINTS, pointsAtStake } from '~/lib/games/rules';
import { clockNumber } from '~/lib/live/clock';
import { type ParsedMatch, parseSourceFile } from '~/server/football/import/parse';
import { SOURCE_FILES } from '~/server/football/import/sources';
import { type MatchFacts, settle } from '~/server/games/settle-rules';
import { suspends, suspensionAt } from '~/server/games/suspension';

function load(path: string): ParsedMatch[] {
	const file = SOURCE_FILES.find((f) => f.path === path);
	if (!file) throw new Error(`no source ${path}`);
	return parseSourceFile(
		JSON.parse(readFileSync(`data/openfootball/${path}`, 'utf8')),
		file,
		new Date(),
	);
}
const WC22 = load('worldcup.json/2022/worldcup.json');
const EURO24 = load('euro.json/2024/euro.json');

/** A real match as the live log would hold it at full time (the replay builds it the same way). */
function facts(list: ParsedMatch[], home: string, away: string, date?: string): MatchFacts {
	const m = list.find(
		(x) => x.home.name === home && x.away.name === away && (!date || x.localDate === date),
	);
	if (!m) throw new Error(`no match ${home} v ${away}`);
	const ft = m.score.ft;
	return {
		status: m.score.p ? 'finished_pen' : m.score.et ? 'finished_aet' : 'finished',
		score: ft ? { home: ft[0], away: ft[1] } : null,
		goals: m.goals.map((g) => ({ side: g.side, minute: g.minute, addedTime: g.stoppage })),
	};
}
const all = (f: MatchFacts) => ({
	odd_even: settle('odd_even', f),
	two_way: settle('two_way', f),
	last_team_to_score: settle('last_team_to_score', f),
});

describe('settlement on real past matches', () => {
	it('World Cup 2022 final: regular time 2-2 counts; extra time and the shoot-out are ignored', () => {
		expect(all(facts(WC22, 'Argentina', 'France'))).toEqual({
			odd_even: { status: 'settled', result: 'even' },
			two_way: { status: 'void', reason: 'draw' },
			// Mbappé 81' is the last goal of regular time; his 118' penalty is extra time.
			last_team_to_score: { status: 'settled', result: 'away' },
		});
	});

	it('Croatia v Brazil 2022: both goals in extra time, so regular time had none', () => {
		expect(all(facts(WC22, 'Croatia', 'Brazil'))).toEqual({
			odd_even: { status: 'settled', result: 'even' },
			two_way: { status: 'void', reason: 'draw' },
			last_team_to_score: { status: 'settled', result: 'none' },
		});
	});

	it('0-0 counts as even and settles "no goal"', () => {
		expect(all(facts(WC22, 'England', 'USA'))).toEqual({
			odd_even: { status: 'settled', result: 'even' },
			two_way: { status: 'void', reason: 'draw' },
			last_team_to_score: { status: 'settled', result: 'none' },
		});
	});

	it('an own goal counts for the side it was credited to (Spain 1-0 Italy, Calafiori o.g.)', () => {
		expect(all(facts(EURO24, 'Spain', 'Italy'))).toEqual({
			odd_even: { status: 'settled', result: 'odd' },
			two_way: { status: 'settled', result: 'home' },
			last_team_to_score: { status: 'settled', result: 'home' },
		});
		// Canada 1-2 Morocco: the last goal is Aguerd's own goal, listed for Canada.
		expect(settle('last_team_to_score', facts(WC22, 'Canada', 'Morocco'))).toEqual({
			status: 'settled',
			result: 'home',
		});
	});

	it('a penalty in stoppage time is regular time (England 6-2 Iran, Taremi 90+13 pen.)', () => {
		expect(all(facts(WC22, 'England', 'Iran'))).toEqual({
			odd_even: { status: 'settled', result: 'even' },
			two_way: { status: 'settled', result: 'home' },
			last_team_to_score: { status: 'settled', result: 'away' },
		});
	});

	it('a 45+ goal comes before a 46th-minute one whatever order the feed sent them in', () => {
		const f = facts(EURO24, 'Germany', 'Scotland');
		const shuffled = { ...f, goals: [...f.goals].reverse() };
		expect(settle('last_team_to_score', shuffled)).toEqual(settle('last_team_to_score', f));
		// Germany 5-1 Scotland: Can 90+3 is the last goal.
		expect(settle('last_team_to_score', f)).toEqual({ status: 'settled', result: 'home' });
	});

	it('voids "last team" when the timeline cannot account for the score', () => {
		const f = facts(WC22, 'England', 'Iran');
		expect(settle('last_team_to_score', { ...f, goals: f.goals.slice(1) })).toEqual({
			status: 'void',
			reason: 'no_events',
		});
	});

	it('postponed, abandoned and cancelled matches void every game; unfinished ones wait', () => {
		for (const status of ['postponed', 'abandoned', 'cancelled'] as const) {
			const f = { ...facts(WC22, 'England', 'Iran'), status };
			expect(settle('odd_even', f)).toEqual({ status: 'void', reason: status });
			expect(settle('last_team_to_score', f)).toEqual({ status: 'void', reason: status });
		}
		for (const status of ['scheduled', 'live', 'half_time'] as const)
			expect(settle('two_way', { ...facts(WC22, 'England', 'Iran'), status })).toBeNull();
	});
});

describe('reward formula', () => {
	it('scales with the share of regular time left, with a floor', () => {
		expect(pointsAtStake(null)).toBe(MAX_POINTS);
		expect(pointsAtStake(0)).toBe(100);
		expect(pointsAtStake(45)).toBe(50);
		expect(pointsAtStake(60)).toBe(33);
		expect(pointsAtStake(81)).toBe(MIN_POINTS);
		expect(pointsAtStake(89)).toBe(MIN_POINTS);
		expect(pointsAtStake(90)).toBe(MIN_POINTS);
		expect(pointsAtStake(120)).toBe(MIN_POINTS);
	});

	it('stakes on minutes played by the match clock: at the replay speed, stoppage as the half’s end', () => {
		const at = 1_000_000;
		const startedAt = new Date(at).toISOString();
		const clock = (period: 1 | 2, rate = 1) => ({ period, startedAt, rate });
		expect(clockNumber({ status: 'live', minute: 0, clock: clock(1) }, at + 30_000)).toBe(0);
		expect(clockNumber({ status: 'live', minute: 0, clock: clock(1) }, at + 5 * 60_000)).toBe(5);
		expect(clockNumber({ status: 'live', minute: 0, clock: clock(1, 60) }, at + 10_000)).toBe(10);
		expect(clockNumber({ status: 'live', minute: 40, clock: clock(1) }, at + 60 * 60_000)).toBe(45);
		expect(clockNumber({ status: 'half_time', minute: 45, clock: null }, at)).toBe(45);
		expect(clockNumber({ status: 'scheduled', minute: null }, at)).toBeNull();
	});
});
