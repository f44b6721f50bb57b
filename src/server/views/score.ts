/**
 * What a scoreboard shows of a match: pure, unit-tested directly
 * (tests/unit/server/views/score.test.ts).
 */
import { isFinished, isLive } from '~/lib/football/match-status';
import type { MatchSummary } from '~/server/football/queries/shape';

/** What the scoreboard shows: the deciding score, and how it was decided. */
export interface ShownScore {
	home: number;
	away: number;
	/** 'aet' after extra time, 'pen' when a shoot-out followed (then `pen` holds it). */
	decided: 'ft' | 'aet' | 'pen';
	pen: [number, number] | null;
}

/** The score to show, or null before kick-off / without a result. */
export function shownScore(m: Pick<MatchSummary, 'status' | 'score'>): ShownScore | null {
	const { ft, et, pen } = m.score;
	const main = et ?? ft;
	if (!main) return null;
	if (!isFinished(m.status) && !isLive(m.status)) return null;
	return {
		home: main[0],
		away: main[1],
		decided: pen ? 'pen' : et ? 'aet' : 'ft',
		pen: pen ?? null,
	};
}

/** The outcome for `teamId` in a finished match: W, D or L (null when not decided). */
export function outcomeFor(m: MatchSummary, teamId: number): 'W' | 'D' | 'L' | null {
	if (!isFinished(m.status)) return null;
	const side = m.home.id === teamId ? 'home' : m.away.id === teamId ? 'away' : null;
	if (!side) return null;
	let winner = m.winner;
	if (!winner) {
		const s = shownScore(m);
		if (!s) return null;
		winner = s.home > s.away ? 'home' : s.home < s.away ? 'away' : 'draw';
	}
	if (winner === 'draw') return 'D';
	return winner === side ? 'W' : 'L';
}
