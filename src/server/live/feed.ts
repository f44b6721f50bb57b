import { getDb } from '../db/client';
import { config } from '../config';
import { getLiveHub } from './runtime';
import { ReplayFeed } from './providers/replay';
import { ApiFootballClient } from './providers/api-football';
import { FootballDataClient } from './providers/football-data';
import { PollingFeed, type ProviderClient } from './providers/poller';

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
		// Every process follows the bus, feed or not: its clients and its caches must hear
		// what the process that runs the feed publishes.
		const hub = getLiveHub();
		await hub.start();
		if (cfg.FEED === 'off') return;
		const db = await getDb();
		if (cfg.FEED === 'replay') {
			await new ReplayFeed({
				db,
				bus: hub.bus,
				speed: cfg.REPLAY_SPEED,
				concurrent: cfg.REPLAY_CONCURRENT,
				competitions: cfg.REPLAY_COMPETITIONS,
			}).start();
		} else {
			let client: ProviderClient | undefined;
			if (cfg.FEED === 'football-data' && cfg.FOOTBALL_DATA_TOKEN) {
				client = new FootballDataClient({
					token: cfg.FOOTBALL_DATA_TOKEN,
					minIntervalMs: cfg.FEED_POLL_MS,
				});
			} else if (cfg.FEED === 'api-football' && cfg.API_FOOTBALL_KEY) {
				client = new ApiFootballClient({
					key: cfg.API_FOOTBALL_KEY,
					minIntervalMs: cfg.FEED_POLL_MS,
				});
			}
			// Never echo the key, only whether it is missing.
			if (!client) console.warn(`[live] FEED=${cfg.FEED} needs its API key; no live feed`);
			// Not awaited: a slow provider must not hold up the server's start.
			else void new PollingFeed({ db, bus: hub.bus, client }).start();
		}
	})().catch((error: Error) => {
		console.error('[live] feed failed to start', error.message);
	});
	return started;
}
