import { getDb } from '../db/client';
import { config } from '../config';
import { createBus } from './bus';
import { LiveHub } from './hub';
import { installResponseTracking } from './node-response';
import { followForInvalidation } from './invalidate';
import { PushRunner } from '../push/runner';

let hub: LiveHub | undefined;
let sigtermInstalled = false;

/** The process-wide hub (and its bus), created on first use from the configuration. */
export function getLiveHub(): LiveHub {
	if (!hub) {
		installResponseTracking();
		const cfg = config();
		hub = new LiveHub({
			bus: createBus(cfg.REDIS_URL),
			db: getDb,
			heartbeatMs: cfg.LIVE_HEARTBEAT_MS,
			maxQueueBytes: cfg.LIVE_MAX_QUEUE_BYTES,
		});
		installSigterm();
		followForInvalidation(hub.bus);
		// Web Push alerts, queued from the log after each commit (docs/pwa.md).
		new PushRunner(getDb).start(hub.bus);
	}
	return hub;
}

/** The hub if something has started it (metrics, health and shutdown never create one). */
export function liveHubIfStarted(): LiveHub | undefined {
	return hub;
}

/** For tests that bring their own hub. */
export function setLiveHubForTests(next: LiveHub | undefined): void {
	hub = next;
}

/**
 * On SIGTERM (a deploy) every stream gets a `retry:` hint and is closed, so browsers
 * reconnect, with their Last-Event-ID, to the next process. Then the signal is raised
 * again so the default behaviour (or other handlers) ends the process.
 */
function installSigterm(): void {
	if (sigtermInstalled) return;
	sigtermInstalled = true;
	const onTerm = () => {
		hub?.shutdown(500);
		if (process.listenerCount('SIGTERM') === 0) {
			setTimeout(() => process.kill(process.pid, 'SIGTERM'), 50).unref();
		}
	};
	process.once('SIGTERM', onTerm);
}
