import type { Translate } from '~/i18n/server';
import type { GamesLabels } from '~/lib/games/labels';
import { GAME_KINDS } from '~/lib/games/rules';

const VOID_REASONS = [
	'draw',
	'postponed',
	'cancelled',
	'abandoned',
	'awarded',
	'no_events',
	'no_score',
];
const PROBLEMS = [
	'incident',
	'stale',
	'regular_time_over',
	'settled',
	'closed',
	'decided',
	'network',
	'unknown',
];

const each = <K extends string>(t: Translate, prefix: string, keys: readonly K[]) =>
	Object.fromEntries(keys.map((k) => [k, t(`games:${prefix}.${k}`)])) as Record<K, string>;

/** The translated strings the live games island takes as props. */
export function gamesLabels(t: Translate): GamesLabels {
	const g = (key: string) => t(`games:${key}`);
	return {
		title: g('title'),
		free: g('free'),
		formula: g('formula'),
		replay: g('replay'),
		kinds: each(t, 'kinds', GAME_KINDS),
		help: each(t, 'help', GAME_KINDS),
		options: each(t, 'options', ['odd', 'even', 'none'] as const),
		worthNow: g('worthNow'),
		yourPick: g('yourPick'),
		suspended: g('suspended'),
		stale: g('stale'),
		closed: g('closed'),
		optionClosed: g('optionClosed'),
		result: g('result'),
		voided: g('voided'),
		voidReasons: each(t, 'voidReasons', VOID_REASONS),
		won: g('won'),
		lost: g('lost'),
		returned: g('returned'),
		corrected: g('corrected'),
		login: g('login'),
		loginNote: g('loginNote'),
		board: g('board'),
		boardEmpty: g('boardEmpty'),
		rank: g('rank'),
		player: g('player'),
		points: g('points'),
		you: g('you'),
		problems: each(t, 'problems', PROBLEMS),
	};
}
