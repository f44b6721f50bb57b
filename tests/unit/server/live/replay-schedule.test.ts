import { describe, expect, it } from 'vitest';
import { buildReplay, type PastMatch } from '~/server/live/providers/replay-schedule';

// Euro 2024 opener as openfootball records it: Germany 5-1 Scotland, Rüdiger's own goal listed for Scotland.
const match: PastMatch = {
	matchId: '7',
	ht: { home: 3, away: 0 },
	ft: { home: 5, away: 1 },
	et: null,
	pen: null,
	incidents: [
		{
			type: 'goal',
			side: 'home',
			minute: 10,
			stoppage: null,
			player: 'Wirtz',
			penalty: false,
			ownGoal: false,
			card: null,
		},
		{
			type: 'goal',
			side: 'home',
			minute: 19,
			stoppage: null,
			player: 'Musiala',
			penalty: false,
			ownGoal: false,
			card: null,
		},
		{
			type: 'goal',
			side: 'home',
			minute: 45,
			stoppage: 1,
			player: 'Havertz',
			penalty: true,
			ownGoal: false,
			card: null,
		},
		{
			type: 'goal',
			side: 'home',
			minute: 68,
			stoppage: null,
			player: 'Füllkrug',
			penalty: false,
			ownGoal: false,
			card: null,
		},
		{
			type: 'goal',
			side: 'away',
			minute: 87,
			stoppage: null,
			player: 'Rüdiger',
			penalty: false,
			ownGoal: true,
			card: null,
		},
		{
			type: 'goal',
			side: 'home',
			minute: 90,
			stoppage: 3,
			player: 'Can',
			penalty: false,
			ownGoal: false,
			card: null,
		},
		{
			type: 'card',
			side: 'away',
			minute: 44,
			stoppage: null,
			player: 'Porteous',
			penalty: false,
			ownGoal: false,
			card: 'red',
		},
	],
};

describe('buildReplay', () => {
	const steps = buildReplay(match);
	it('runs in clock order from kick-off to the real final result', () => {
		const times = steps.map((s) => s.at);
		expect(times).toEqual([...times].sort((a, b) => a - b));
		expect(steps[0]?.change).toMatchObject({
			status: 'live',
			score: { home: 0, away: 0 },
			reset: true,
		});
		expect(steps.at(-1)?.change).toMatchObject({
			status: 'finished',
			score: { home: 5, away: 1 },
			ht: { home: 3, away: 0 },
		});
	});
	it('carries the running score on each goal, own goals for the side they count for', () => {
		const goals = steps.filter((s) => s.change.entry && /goal/.test(s.change.entry.type));
		expect(goals.map((g) => g.change.score)).toEqual([
			{ home: 1, away: 0 },
			{ home: 2, away: 0 },
			{ home: 3, away: 0 },
			{ home: 4, away: 0 },
			{ home: 4, away: 1 },
			{ home: 5, away: 1 },
		]);
		expect(goals[2]?.change.entry?.type).toBe('penalty_goal');
		expect(goals[4]?.change.entry?.type).toBe('own_goal');
	});
	it('puts half time after first-half stoppage and before the second half', () => {
		const ht = steps.findIndex((s) => s.change.status === 'half_time');
		const havertz = steps.findIndex((s) => s.change.entry?.player === 'Havertz');
		const fullkrug = steps.findIndex((s) => s.change.entry?.player === 'Füllkrug');
		expect(havertz).toBeLessThan(ht);
		expect(ht).toBeLessThan(fullkrug);
		expect(steps.some((s) => s.change.entry?.type === 'red')).toBe(true);
	});
});
