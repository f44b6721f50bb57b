import type { Server } from 'node:http';
import { openedDatabase } from '../db/client';
import { liveHubIfStarted } from '../live/runtime';
import { logger } from './log';

/**
 * Graceful shutdown on SIGTERM or SIGINT: stop accepting connections, tell every SSE client
 * to come back (a `retry:` hint; the next process serves them from their Last-Event-ID),
 * let requests in flight finish, close the database (PGlite writes its files and drops the
 * folder lock), exit 0. Past `timeoutMs` whatever is still open is cut and the process
 * exits 1. A second signal exits at once.
 */
export function installGracefulShutdown(server: Server, timeoutMs: number): void {
	let stopping = false;
	const stop = (signal: NodeJS.Signals) => {
		if (stopping) {
			logger().warn({ signal }, 'second signal: exiting now');
			process.exit(1);
		}
		stopping = true;
		logger().info({ signal, timeoutMs }, 'shutting down: draining requests and live clients');
		const bound = setTimeout(() => {
			logger().error({ timeoutMs }, 'shutdown bound reached: closing what is still open');
			server.closeAllConnections();
			process.exit(1);
		}, timeoutMs);
		bound.unref();
		server.close(async () => {
			await openedDatabase()
				?.close()
				.catch(() => {});
			clearTimeout(bound);
			logger().info('shutdown complete');
			process.exit(0);
		});
		// Keep-alive connections with no request in flight would hold close() open.
		server.closeIdleConnections();
		liveHubIfStarted()?.shutdown(500);
	};
	// `on`, not `once`: the live runtime's own SIGTERM handler then sees a listener and
	// leaves the exit to us.
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
}
