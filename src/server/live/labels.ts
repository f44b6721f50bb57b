import type { Translate } from '~/i18n/server';
import { MATCH_STATUSES } from '~/lib/football/match-status';
import {
	STAT_LABEL_KEYS,
	TIMELINE_LABEL_KEYS,
	type LeagueTableLabels,
	type LiveLabels,
	type MatchCentreLabels,
} from '~/lib/live/labels';

const COMMON = [
	'title',
	'empty',
	'replay',
	'replayNote',
	'halfTime',
	'finished',
	'ageSeconds',
	'ageMinutes',
	'ageUnknown',
	'offline',
	'connecting',
	'connected',
	'reload',
	'reveal',
	'hiddenScore',
	'spoilerLabel',
	'spoilerOff',
	'spoilerHide',
	'spoilerDelay',
	'spoilerDelaySeconds',
	'spoilerFollowsStream',
	'announceGoal',
	'announceRed',
] as const;

const pick = <K extends string>(t: Translate, prefix: string, keys: readonly K[]) =>
	Object.fromEntries(keys.map((k) => [k, t(`live:${prefix}${k}`)])) as Record<K, string>;

/** The translated strings every live island takes as props. */
export function liveLabels(t: Translate): LiveLabels {
	return pick(t, '', COMMON);
}

/** Props `labels` of LiveMatchCentre. */
export function matchCentreLabels(t: Translate): MatchCentreLabels {
	return {
		...liveLabels(t),
		...pick(t, 'centre.', [
			'timelineTitle',
			'statsTitle',
			'noStats',
			'noEvents',
			'notStarted',
			'afterExtraTime',
			'afterPenalties',
			'underReview',
		] as const),
		events: pick(t, 'events.', TIMELINE_LABEL_KEYS),
		stats: pick(t, 'stats.', STAT_LABEL_KEYS),
		statuses: Object.fromEntries(
			MATCH_STATUSES.map((s) => [s, t(`football:matchStatus.${s}`)]),
		) as MatchCentreLabels['statuses'],
	};
}

/** Props `labels` of LiveLeagueTable. */
export function leagueTableLabels(t: Translate): LeagueTableLabels {
	return {
		...liveLabels(t),
		...pick(t, 'table.', [
			'tableTitle',
			'liveNote',
			'position',
			'team',
			'played',
			'won',
			'drawn',
			'lost',
			'goalDifference',
			'points',
			'playingNow',
			'movedUp',
			'movedDown',
		] as const),
	};
}
