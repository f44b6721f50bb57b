import type { TOptions } from 'i18next';
import type { Translate } from '~/i18n/server';
import { HOLD_LABEL_KEYS, type HoldLabels } from '~/lib/cms/hold';
import { SCORING_LABEL_KEYS, type ScoringLabels } from '~/lib/cms/scoring';
import { MATCH_STATUSES } from '~/lib/football/match-status';
import { TIMELINE_LABEL_KEYS } from '~/lib/live/labels';

/** Placeholders the island fills in (`{email}`, `{count}`…), left for it by i18next. */
const VARS: TOptions = {
	email: '{email}',
	n: '{n}',
	version: '{version}',
	message: '{message}',
	action: '{action}',
	status: '{status}',
};

/** Props `labels` of the ScoringConsole island. */
export function scoringLabels(t: Translate): ScoringLabels {
	const labels = Object.fromEntries(
		SCORING_LABEL_KEYS.map((k) => [k, t(`cms:score.${k}`, VARS)]),
	) as Record<(typeof SCORING_LABEL_KEYS)[number], string>;
	const events = Object.fromEntries(TIMELINE_LABEL_KEYS.map((k) => [k, t(`live:events.${k}`)]));
	const statuses = Object.fromEntries(
		MATCH_STATUSES.map((s) => [s, t(`football:matchStatus.${s}`)]),
	);
	return { ...labels, events, statuses };
}

/** Props `hold` of the ScoringConsole island (`cmshold:hold.*`; `{event}` etc. left as is). */
export function holdLabels(t: Translate): HoldLabels {
	return Object.fromEntries(HOLD_LABEL_KEYS.map((k) => [k, t(`cmshold:hold.${k}`)])) as HoldLabels;
}
