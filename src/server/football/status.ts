import { isFinished } from '../../lib/football/match-status';
import type { MatchStatus } from '../db/schema/football';

/** A score as openfootball writes it: each part `[home, away]`, all optional. */
export interface RawScore {
	ht?: [number, number] | number[];
	ft?: [number, number] | number[];
	et?: [number, number] | number[];
	p?: [number, number] | number[];
}

/** A match counts as over this long after kick-off when deciding "result unknown". */
export const MATCH_DURATION_MS = 3 * 60 * 60 * 1000;

/**
 * The status of an imported match.
 * - upstream `status` wins: cancelled, postponed, abandoned, awarded;
 * - a score with `p` is finished_pen, with `et` finished_aet, with `ft` finished;
 * - no score: scheduled before kick-off (+3 h), "result_unknown" after it, relative to
 *   `now` (injectable so tests and imports are reproducible).
 */
export function importStatus(
	upstream: string | undefined,
	score: RawScore,
	kickoff: Date,
	now: Date,
): MatchStatus {
	switch (upstream) {
		case 'cancelled':
		case 'postponed':
		case 'abandoned':
		case 'awarded':
			return upstream;
	}
	if (score.p) return 'finished_pen';
	if (score.et) return 'finished_aet';
	if (score.ft) return 'finished';
	return kickoff.getTime() + MATCH_DURATION_MS < now.getTime() ? 'result_unknown' : 'scheduled';
}

/**
 * The status to show: a stored "scheduled" match whose kick-off passed long ago without a
 * result is shown as "result_unknown" (the importer ran before it was played).
 */
export function effectiveStatus(
	status: MatchStatus,
	kickoff: Date,
	now: Date = new Date(),
): MatchStatus {
	if (status === 'scheduled' && kickoff.getTime() + MATCH_DURATION_MS < now.getTime()) {
		return 'result_unknown';
	}
	return status;
}

/**
 * Who won. Penalties decide only when the shoot-out numbers differ: upstream sometimes
 * writes an impossible `p: [4, 4]`, and then the winner stays unknown (null) rather than
 * guessed. Extra time decides when present, else full time.
 */
export function winnerOf(status: MatchStatus, score: RawScore): 'home' | 'away' | 'draw' | null {
	if (!isFinished(status)) return null;
	const cmp = (s: number[] | undefined) =>
		s && s.length === 2 ? (s[0]! > s[1]! ? 'home' : s[0]! < s[1]! ? 'away' : 'draw') : null;
	if (status === 'finished_pen') {
		const p = cmp(score.p);
		return p === 'draw' ? null : p;
	}
	if (status === 'finished_aet') return cmp(score.et);
	return cmp(score.ft);
}
