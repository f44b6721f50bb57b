import type { TOptions } from 'i18next';
import type { Translate } from '~/i18n/server';
import { SAFE_LABEL_KEYS, type SafeLabels } from '~/lib/cms/safe-actions';

/** Placeholders the islands fill in, left for them by i18next. */
const VARS: TOptions = Object.fromEntries(
	['action', 'what', 'n', 'home', 'away', 'status', 'version', 'reason', 'message'].map((k) => [
		k,
		`{${k}}`,
	]),
);

/** Props `safe` of the console islands (`cmssafe:*`). */
export function safeLabels(t: Translate): SafeLabels {
	return Object.fromEntries(SAFE_LABEL_KEYS.map((k) => [k, t(`cmssafe:${k}`, VARS)])) as SafeLabels;
}
