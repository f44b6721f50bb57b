import type { LiveChange } from '../apply';
import { type Score, timelineEntry as entry, type TimelineEntry } from '../types';

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
}

const sec = (minute: number, stoppage = 0) => (minute + stoppage) * 60;

/**
 * Turns a finished match into the changes a live feed would have sent, on a match clock in
 * seconds (kick-off 0, half time after the last first-half incident, 15 minutes of break
 * squeezed to one). Goals carry the running score; the final step restores the real
 * result. Own goals are listed under the side they count for (openfootball convention).
 */
export function buildReplay(match: PastMatch): ReplayStep[] {
	const steps: ReplayStep[] = [];
	const id = match.matchId;
	const score = { home: 0, away: 0 };
	steps.push({
		at: 0,
		change: {
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
		},
	});
	const incidents = [...match.incidents]
		.filter((i) => i.minute !== null)
		.sort((a, b) => sec(a.minute!, a.stoppage ?? 0) - sec(b.minute!, b.stoppage ?? 0));
	const firstHalfEnd = Math.max(
		sec(45),
		...incidents.filter((i) => i.minute! <= 45).map((i) => sec(i.minute!, i.stoppage ?? 0) + 30),
	);
	// After half time the match clock runs one minute behind the real 15-minute break.
	const shift = (minute: number, stoppage: number) => {
		const t = sec(minute, stoppage);
		return minute > 45 ? t + (firstHalfEnd - sec(45)) + 60 : t;
	};
	let htDone = false;
	const pushHalfTime = () => {
		htDone = true;
		steps.push({
			at: firstHalfEnd,
			change: {
				matchId: id,
				kind: 'status',
				status: 'half_time',
				minute: 45,
				ht: match.ht ?? { ...score },
				entry: entry({ type: 'halftime', minute: 45 }),
			},
		});
		steps.push({
			at: firstHalfEnd + 60,
			change: {
				matchId: id,
				kind: 'status',
				status: 'live',
				minute: 46,
				entry: entry({ type: 'second_half', minute: 46 }),
			},
		});
	};
	for (const inc of incidents) {
		const minute = inc.minute as number;
		if (!htDone && minute > 45) pushHalfTime();
		const at = shift(minute, inc.stoppage ?? 0);
		const base = {
			minute: Math.min(minute, 200),
			addedTime: inc.stoppage,
			side: inc.side,
			player: inc.player,
		};
		if (inc.type === 'goal') {
			score[inc.side] += 1;
			const type = inc.ownGoal ? 'own_goal' : inc.penalty ? 'penalty_goal' : 'goal';
			steps.push({
				at,
				change: {
					matchId: id,
					kind: 'event',
					status: 'live',
					minute: Math.min(minute, 200),
					score: { ...score },
					entry: entry({ type, ...base }),
				},
			});
		} else if (inc.type === 'card' && inc.card) {
			const type = inc.card === 'yellow' ? 'yellow' : inc.card === 'red' ? 'red' : 'second_yellow';
			steps.push({
				at,
				change: {
					matchId: id,
					kind: 'event',
					minute: Math.min(minute, 200),
					entry: entry({ type, ...base }),
				},
			});
		}
	}
	if (!htDone) pushHalfTime();
	const last = steps.at(-1)?.at ?? 0;
	const extra = match.et !== null;
	const end = Math.max(last + 60, shift(extra ? 120 : 90, 0) + 120);
	steps.push({
		at: end,
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
