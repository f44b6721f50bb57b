import { afterEach, describe, expect, it, vi } from 'vitest';
import { $games, followGames, resetGamesForTests } from '~/stores/games';
import { $liveGames, applyLiveMessage, resetLiveForTests } from '~/stores/live';

/** The live stream's `game` messages reaching the games store (no network: nothing settles). */
describe('game messages', () => {
	afterEach(() => {
		vi.useRealTimers();
		resetLiveForTests();
		resetGamesForTests();
	});

	const game = (extra: Record<string, unknown>) => ({
		id: 7,
		matchId: '42',
		kind: 'odd_even',
		options: ['odd', 'even'],
		result: null,
		voidReason: null,
		corrected: false,
		replay: true,
		run: 9,
		...extra,
	});

	it('are kept per match even for a match the live store does not hold', () => {
		applyLiveMessage(
			'game',
			{ matchId: '42', reason: 'suspended', games: [game({ status: 'suspended' })] },
			101,
		);
		expect($liveGames.get()['42']).toMatchObject({ id: 101, reason: 'suspended' });
	});

	it('replace the shown games, a suspension counting down on the local clock', () => {
		vi.useFakeTimers();
		vi.setSystemTime(1_000_000);
		const stop = followGames('42');
		applyLiveMessage(
			'game',
			{
				matchId: '42',
				reason: 'suspended',
				games: [game({ status: 'suspended', suspension: 'incident', suspendedMs: 6000 })],
			},
			102,
		);
		expect($games.get().games).toEqual([
			expect.objectContaining({ id: 7, status: 'suspended', suspendedUntil: 1_006_000 }),
		]);
		// Another match's games are not this island's.
		applyLiveMessage('game', { matchId: '43', reason: 'opened', games: [game({ id: 8 })] }, 103);
		expect($games.get().games.map((g) => g.id)).toEqual([7]);
		stop();
	});
});
