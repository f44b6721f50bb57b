import type { Translate } from '../../i18n/server';
import type { LiveLabels } from '../../islands/live/LiveScoresList';

/** The translated strings live islands take as props. */
export function liveLabels(t: Translate): LiveLabels {
	const keys = ['title', 'empty', 'replay', 'replayNote', 'halfTime', 'finished', 'ageSeconds', 'ageUnknown',
		'offline', 'connecting', 'reveal', 'spoilerLabel', 'spoilerOff', 'spoilerHide', 'spoilerDelay'] as const;
	return Object.fromEntries(keys.map((k) => [k, t(`live:${k}`)])) as unknown as LiveLabels;
}
