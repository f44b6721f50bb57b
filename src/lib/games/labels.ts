import type { GameKind, Pick } from './rules';

/**
 * Already-translated strings of the live games island (server side: `games:*` keys, built by
 * src/server/games/labels.ts). `{n}`, `{pick}` and `{result}` are filled in by the island; `home`/`away` options are the teams' names.
 */
export interface GamesLabels {
	title: string;
	free: string;
	formula: string;
	replay: string;
	kinds: Record<GameKind, string>;
	help: Record<GameKind, string>;
	options: Record<Exclude<Pick, 'home' | 'away'>, string>;
	worthNow: string;
	yourPick: string;
	suspended: string;
	stale: string;
	closed: string;
	/** Beside an option that can no longer win ("No goal" after a goal). */
	optionClosed: string;
	result: string;
	voided: string;
	voidReasons: Record<string, string>;
	won: string;
	lost: string;
	returned: string;
	corrected: string;
	login: string;
	loginNote: string;
	board: string;
	boardEmpty: string;
	rank: string;
	player: string;
	points: string;
	you: string;
	problems: Record<string, string>;
}
