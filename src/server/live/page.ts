import { getDb } from '../db/client';
import { startLiveFeed } from './feed';
import { buildSnapshot, type SnapshotMatch } from './snapshot';

/** First snapshot for the /live-matches page (the island takes over in the browser). */
export async function getLiveMatchesPage(): Promise<{ matches: SnapshotMatch[] }> {
	void startLiveFeed();
	const { matches } = await buildSnapshot(await getDb(), null);
	return { matches };
}
