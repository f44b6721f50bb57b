import { type APIRequestContext, expect } from '@playwright/test';

/** A match as `GET /api/v1/matches?status=live` lists it (the fields the tests read). */
export interface LiveRow {
	id: number;
	stage: string;
	minute: number | null;
	competition: { id: number };
	season: string;
}

export interface LiveWanted {
	/** How many live matches (after `where`) to wait for. Default 1. */
	count?: number;
	/**
	 * Wait until the first of them is at most this minute. At 60x a replay lasts about a
	 * minute and a half of real time, so a test that needs the match still playing in a minute
	 * must not take one at 85'. Default: any minute.
	 */
	before?: number;
	/** Only matches this keeps (e.g. the group stage, which has a table). */
	where?: (m: LiveRow) => boolean;
	timeout?: number;
}

/**
 * Live replayed matches (the Euro, see playwright.config.ts), the one with the most of its
 * replay left first. Polls: between two replays there can be a moment with none live.
 */
export async function liveMatches(
	request: APIRequestContext,
	{
		count = 1,
		before = Number.POSITIVE_INFINITY,
		where = () => true,
		timeout = 120_000,
	}: LiveWanted = {},
): Promise<LiveRow[]> {
	let rows: LiveRow[] = [];
	await expect
		.poll(
			async () => {
				const body = await (await request.get('/api/v1/matches?status=live')).json();
				rows = ((body.competitions ?? []) as { matches: LiveRow[] }[])
					.flatMap((c) => c.matches)
					.filter(where)
					// A minute not known yet counts as late: nothing says how much is left.
					.sort((a, b) => (a.minute ?? 99) - (b.minute ?? 99));
				return rows.length >= count && (rows[0]?.minute ?? 99) <= before;
			},
			{ timeout, intervals: [500] },
		)
		.toBe(true);
	return rows;
}
