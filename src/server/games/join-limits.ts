import { hitAll, release, SlidingWindowLimiter } from '../auth/rate-limit';

const MINUTE = 60_000;

/**
 * Wrong friends-league codes (issue 28/7: 25 wrong codes in a row got no 429). A league's
 * 8-character code is its only secret, so guesses are limited per signed-in user and per
 * client address; a right code never counts. In memory, per process.
 */
export const joinLimits = {
	wrongPerUser: new SlidingWindowLimiter(10, 15 * MINUTE),
	wrongPerClient: new SlidingWindowLimiter(20, 15 * MINUTE),
};

/**
 * Runs a join under the limits: each attempt counts while it runs (parallel guesses cannot
 * all pass before the first is known wrong) and is given back when the code was right.
 */
export async function limitedJoin<T>(
	userId: string,
	ip: string,
	join: () => Promise<T | null>,
): Promise<{ ok: true; league: T | null } | { ok: false; retryAfter: number }> {
	const checks: [SlidingWindowLimiter, string][] = [
		[joinLimits.wrongPerUser, userId],
		[joinLimits.wrongPerClient, ip],
	];
	const decision = hitAll(checks);
	if (!decision.ok) return { ok: false, retryAfter: decision.retryAfter };
	const league = await join();
	if (league) release(checks);
	return { ok: true, league };
}
