import { getDb } from '../db/client';
import { config } from '../config';
import { getLiveHub } from './runtime';
import { ReplayFeed } from './providers/replay';

let started: Promise<void> | undefined;

/**
 * Starts the configured live feed once per process (FEED: replay | football-data |
 * api-football | off). Called lazily by the first GET /api/live and by the live pages; a
 * start-up hook may call it earlier. Failures are logged, never thrown: the site serves
 * without a feed.
 */
export function startLiveFeed(): Promise<void> {
	started ??= (async () => {
		const cfg = config();
		if (cfg.FEED === 'off') return;
		const hub = getLiveHub();
		await hub.start();
		const db = await getDb();
		if (cfg.FEED === 'replay') {
			await new ReplayFeed({ db, bus: hub.bus, speed: cfg.REPLAY_SPEED, concurrent: cfg.REPLAY_CONCURRENT }).start();
		} else {
			console.warn(`[live] FEED=${cfg.FEED}: provider adapter not wired yet; no live feed`);
		}
	})().catch((error: Error) => {
		console.error('[live] feed failed to start', error.message);
	});
	return started;
}
