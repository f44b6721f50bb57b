/**
 * The rules of the live games that the browser needs too: the options of each game and the
 * reward formula (the island shows "points at stake now" from the same function the server
 * records a pick with). Settlement itself is server-only (src/server/games/settle-rules.ts).
 */

export const GAME_KINDS = ['odd_even', 'two_way', 'last_team_to_score'] as const;
export type GameKind = (typeof GAME_KINDS)[number];

export const GAME_STATUSES = ['open', 'suspended', 'settled', 'void'] as const;
export type GameStatus = (typeof GAME_STATUSES)[number];

export const PICKS = ['odd', 'even', 'home', 'away', 'none'] as const;
export type Pick = (typeof PICKS)[number];

export const GAME_OPTIONS: Record<GameKind, readonly Pick[]> = {
	odd_even: ['odd', 'even'],
	two_way: ['home', 'away'],
	last_team_to_score: ['home', 'away', 'none'],
};

export function isOption(kind: GameKind, pick: string): pick is Pick {
	return (GAME_OPTIONS[kind] as readonly string[]).includes(pick);
}

/**
 * The options of a game that can no longer win, given the 90-minute score so far: once a
 * goal of regular time is in, "No goal" of last team to score is lost whatever follows, so
 * it takes no more picks (issue 34). The other options stay open until the game settles.
 * (A goal cancelled on review lowers the score again, and the option opens again.)
 */
export function closedOptions(
	kind: GameKind,
	score: { home: number; away: number } | null,
): Pick[] {
	if (kind === 'last_team_to_score' && score && score.home + score.away > 0) return ['none'];
	return [];
}

/** Points for a correct pick made before kick-off. */
export const MAX_POINTS = 100;
/** Points for a correct pick however late (still inside regular time). */
export const MIN_POINTS = 10;
export const REGULAR_MINUTES = 90;

/**
 * Points at stake for a pick made at `minute` of regular time (null: before kick-off):
 * `max(MIN_POINTS, round(MAX_POINTS × (90 − minute) / 90))`. Waiting for certainty does not
 * pay: a pick at half time is worth 50, in stoppage time the floor of 10.
 */
export function pointsAtStake(minute: number | null): number {
	if (minute === null) return MAX_POINTS;
	const played = Math.min(Math.max(minute, 0), REGULAR_MINUTES);
	const share = (REGULAR_MINUTES - played) / REGULAR_MINUTES;
	return Math.max(MIN_POINTS, Math.round(MAX_POINTS * share));
}
