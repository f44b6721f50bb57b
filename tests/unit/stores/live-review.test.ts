import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// Hold / "under review" in the browser store: a goal under review shows on the timeline
// without touching the score and is never read out; the confirming correction replaces it
// with the goal (and the score); a cancelling one takes it away.

type LiveModule = typeof import('~/stores/live');
let live: LiveModule;

beforeAll(async () => {
	vi.stubGlobal('window', new EventTarget());
	vi.stubGlobal('navigator', { onLine: true });
	vi.stubGlobal('localStorage', { getItem: () => null, setItem() {}, removeItem() {} });
	vi.resetModules();
	live = await import('~/stores/live');
});

const seed = () =>
	live.seedMatches([
		{
			matchId: '7',
			status: 'live',
			minute: 20,
			score: { home: 0, away: 0 },
			home: { id: 1, name: 'A' },
			away: { id: 2, name: 'B' },
			isReplay: false,
			version: 3,
			timeline: [],
		},
	]);

describe('$liveMatches and reviews', () => {
	beforeEach(() => {
		live.resetLiveForTests();
		seed();
	});

	it('review → confirm: shown under review, then the goal, the score once', () => {
		const goal = { type: 'goal', side: 'home', minute: 20, player: 'Kane' };
		live.applyLiveMessage(
			'event',
			{ matchId: '7', version: 4, score: { home: 0, away: 0 }, entry: { ...goal, review: true } },
			10,
		);
		let m = live.$liveMatches.get()['7']!;
		expect(m.score).toEqual({ home: 0, away: 0 });
		expect(m.timeline).toEqual([{ ...goal, review: true, id: 10 }]);
		expect(live.$announcement.get()).toBeNull();

		live.applyLiveMessage(
			'correction',
			{
				matchId: '7',
				version: 5,
				score: { home: 1, away: 0 },
				cancels: 10,
				entry: goal,
				confirmed: true,
			},
			11,
		);
		m = live.$liveMatches.get()['7']!;
		expect(m.score).toEqual({ home: 1, away: 0 });
		expect(m.timeline).toEqual([{ ...goal, id: 11 }]);
		expect(live.$announcement.get()).toMatchObject({ kind: 'goal', score: { home: 1, away: 0 } });
		// The same correction again (a replay overlap) changes nothing.
		live.applyLiveMessage(
			'correction',
			{
				matchId: '7',
				version: 5,
				score: { home: 1, away: 0 },
				cancels: 10,
				entry: goal,
				confirmed: true,
			},
			11,
		);
		expect(live.$liveMatches.get()['7']!.timeline).toHaveLength(1);
	});

	it('review → cancel: the entry goes, the score stays', () => {
		live.applyLiveMessage(
			'event',
			{
				matchId: '7',
				version: 4,
				score: { home: 0, away: 0 },
				entry: { type: 'goal', side: 'away', review: true },
			},
			20,
		);
		live.applyLiveMessage(
			'correction',
			{ matchId: '7', version: 5, score: { home: 0, away: 0 }, cancels: 20 },
			21,
		);
		const m = live.$liveMatches.get()['7']!;
		expect(m.timeline).toEqual([]);
		expect(m.score).toEqual({ home: 0, away: 0 });
		expect(live.$announcement.get()).toBeNull();
	});
});
