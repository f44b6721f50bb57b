/**
 * Which matches an open page follows live: those in play, and those around their kick-off:
 * from a day before (a page opened early goes live by itself, and hears of a postponement,
 * a new kick-off time or the line-ups) until a few hours after (full time, late
 * corrections). Older and later matches are shown as the server rendered them, with no live
 * JavaScript. One rule for the match centre and every list of matches.
 */
import { isLive } from '../football/match-status';

export const FOLLOW_BEFORE_MS = 24 * 3_600_000;
export const FOLLOW_AFTER_MS = 4 * 3_600_000;

export function followsLive(m: { status: string; kickoffAt: Date }, now: Date): boolean {
	if (isLive(m.status)) return true;
	const fromKickoff = now.getTime() - m.kickoffAt.getTime();
	return fromKickoff >= -FOLLOW_BEFORE_MS && fromKickoff <= FOLLOW_AFTER_MS;
}

/**
 * The match centre follows more: every match still to be played (or postponed), whatever its
 * date, since a fan who opens one page of one match wants it to go live, and an editor may
 * kick off a match whose result was never entered.
 */
export function matchPageFollows(m: { status: string; kickoffAt: Date }, now: Date): boolean {
	return m.status === 'scheduled' || m.status === 'postponed' || followsLive(m, now);
}
