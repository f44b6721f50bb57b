import type { LiveChange } from '../apply';
import { PERIODS, periodOf, type Period } from '~/lib/live/clock';
import { type Score, timelineEntry as entry } from '../types';

/** A goal or card of a real past match, as the football importer stored it. */
export interface PastIncident {
	type: 'goal' | 'card' | 'substitution';
	side: 'home' | 'away';
	minute: number | null;
	stoppage: number | null;
	player: string | null;
	penalty: boolean;
	ownGoal: boolean;
	card: 'yellow' | 'red' | 'second_yellow' | null;
}

export interface PastMatch {
	matchId: string;
	ht: Score | null;
	ft: Score | null;
	et: Score | null;
	pen: Score | null;
	incidents: PastIncident[];
}

/** One step of a replay: the match-clock second at which it happens, and the change. */
export interface ReplayStep {
	at: number;
	change: LiveChange;
	/**
	 * The period whose first minute starts at `at`: the feed turns it into the match's clock
	 * (lib/live/clock.ts) at the replay's own speed, so every page shows the replay's minute.
	 */
	period?: Period;
}

const MINUTE = 60;

/**
 * Turns a finished match into the changes a live feed would have sent, on a match clock in
 * seconds. Each period starts on its own clock (kick-off 0; the second half one minute after
 * the first ends: the 15-minute break squeezed; extra time likewise), and runs past its
 * regular length for as long as its stoppage-time incidents need. An incident at minute m
 * (+ s) happens half-way through that minute, so the clock reads m (or 45+s) when it
 * arrives. Goals carry the running score; the final step restores the real result. Own goals
 * are listed under the side they count for (openfootball convention).
 */
export function buildReplay(match: PastMatch): ReplayStep[] {
	const steps: ReplayStep[] = [];
	const id = match.matchId;
	const score = { home: 0, away: 0 };
	const extra = match.et !== null;
	const periods: Period[] = extra ? [1, 2, 3, 4] : [1, 2];
	const incidents = [...match.incidents]
		.filter((i) => i.minute !== null)
		.map((i) => ({ ...i, minute: Math.min(Math.max(1, i.minute as number), extra ? 120 : 90) }))
		.sort((a, b) => a.minute + (a.stoppage ?? 0) / 100 - (b.minute + (b.stoppage ?? 0) / 100));
	let start = 0;
	for (const period of periods) {
		const { base, length } = PERIODS[period];
		const inPeriod = incidents.filter((i) => periodOf(i.minute) === period);
		const at = (i: (typeof incidents)[number]) =>
			start + (i.minute - base + (i.stoppage ?? 0)) * MINUTE - MINUTE / 2;
		steps.push({
			at: start,
			period,
			change:
				period === 1
					? {
							matchId: id,
							kind: 'status',
							status: 'live',
							minute: 0,
							score: { home: 0, away: 0 },
							ht: null,
							et: null,
							pen: null,
							reset: true,
							entry: entry({ type: 'kickoff', minute: 0 }),
						}
					: {
							matchId: id,
							kind: 'status',
							status: 'live',
							minute: base + 1,
							...(period === 2 || period === 3
								? {
										entry: entry({
											type: period === 2 ? 'second_half' : 'extra_time',
											minute: base + 1,
										}),
									}
								: {}),
						},
		});
		for (const inc of inPeriod) {
			const step = incidentStep(id, inc, at(inc), score);
			if (step) steps.push(step);
		}
		// The period ends after its regular length and two minutes of stoppage, or half a
		// minute after its last incident in stoppage time, whichever is later.
		const end = Math.max(start + (length + 2) * MINUTE, ...inPeriod.map((i) => at(i) + MINUTE / 2));
		if (period === 1)
			steps.push({
				at: end,
				change: {
					matchId: id,
					kind: 'status',
					status: 'half_time',
					minute: 45,
					ht: match.ht ?? { ...score },
					entry: entry({ type: 'halftime', minute: 45 }),
				},
			});
		start = end + MINUTE;
	}
	steps.push({
		at: start - MINUTE,
		change: {
			matchId: id,
			kind: 'status',
			status: match.pen ? 'finished_pen' : extra ? 'finished_aet' : 'finished',
			minute: extra ? 120 : 90,
			score: match.ft ?? { ...score },
			ht: match.ht,
			et: match.et,
			pen: match.pen,
			entry: entry({ type: 'fulltime', minute: extra ? 120 : 90 }),
		},
	});
	return steps;
}

function incidentStep(
	id: string,
	inc: PastIncident & { minute: number },
	at: number,
	score: Score,
): ReplayStep | null {
	const base = {
		minute: inc.minute,
		addedTime: inc.stoppage,
		side: inc.side,
		player: inc.player,
	};
	if (inc.type === 'goal') {
		score[inc.side] += 1;
		const type = inc.ownGoal ? 'own_goal' : inc.penalty ? 'penalty_goal' : 'goal';
		return {
			at,
			change: {
				matchId: id,
				kind: 'event',
				status: 'live',
				minute: inc.minute,
				score: { ...score },
				entry: entry({ type, ...base }),
			},
		};
	}
	// Substitutions are not replayed: the importer keeps who came on, not a timeline entry.
	if (inc.type !== 'card' || !inc.card) return null;
	const type = inc.card === 'yellow' ? 'yellow' : inc.card === 'red' ? 'red' : 'second_yellow';
	return {
		at,
		change: { matchId: id, kind: 'event', minute: inc.minute, entry: entry({ type, ...base }) },
	};
}
