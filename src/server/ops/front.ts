import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { config, settingsProblems } from '../config';
import { getDbHandle, pgliteFolder } from '../db/client';
import { DataDirLockedError } from '../db/data-lock';
import { exitIfDatabaseDead } from '../db/fatal';
import { isDatabaseUnavailable } from '../db/unavailable';
import { ensureStarted } from '../startup';
import { readiness } from './health';
import { logger, routeConsoleToLogger, runInRequestScope, currentRequest } from './log';
import { metricsAnswer, observeRequest } from './metrics';
import { installGracefulShutdown } from './shutdown';

/**
 * Operations as the production front (scripts/serve.mjs) sees them: the start-up checks,
 * the health, readiness and metrics endpoints, request logging and metrics, and graceful
 * shutdown. The build emits this module as `server/ops.mjs` beside the server entry (see
 * astro.config.ts), like `front-cache.mjs`: the bundle's middleware imports the same
 * chunks, so both share one logger, one metrics registry and one database per process.
 */

/** Each path's body limit, for the front's cap on chunked bodies (scripts/serve.mjs). */
export { bodyLimitFor } from '../../lib/limits';

/** Why the server refuses to start: one line an operator can act on. */
export class StartupRefused extends Error {}

/**
 * Before the server listens: the settings (each problem named), then the database
 * (folder lock, migrations). Throws StartupRefused with the operator's message.
 */
export async function preflight(): Promise<void> {
	routeConsoleToLogger();
	const problems = settingsProblems();
	if (problems.length > 0)
		throw new StartupRefused(`Refusing to start: fix these settings.\n  ${problems.join('\n  ')}`);
	await openDatabasePatiently();
}

/**
 * How long start-up waits for a database that cannot be reached (a blink, a failover, a
 * worker restarted during a cut) before refusing: a process that exits at once would be
 * counted as a crash and restarted in a loop, though the database is back a second later.
 */
export const DATABASE_STARTUP_PATIENCE_MS = 15_000;

async function openDatabasePatiently(): Promise<void> {
	const deadline = Date.now() + DATABASE_STARTUP_PATIENCE_MS;
	for (let attempt = 0; ; attempt++) {
		try {
			await getDbHandle();
			return;
		} catch (error) {
			if (error instanceof DataDirLockedError) throw new StartupRefused(error.message);
			const pause = Math.min(250 * 2 ** attempt, 2_000);
			if (isDatabaseUnavailable(error) && Date.now() + pause < deadline) {
				logger().warn(`database not reachable yet (${(error as Error).message}); trying again`);
				await new Promise((resolve) => setTimeout(resolve, pause));
				continue;
			}
			const url = config().DATABASE_URL;
			const where =
				url && /^postgres(ql)?:\/\//.test(url) ? 'PostgreSQL (DATABASE_URL)' : pgliteFolder(url);
			throw new StartupRefused(
				`Refusing to start: the database in ${where} could not be opened: ${(error as Error).message}`,
			);
		}
	}
}

/** After listening: the start-up tasks (data import, live feed) run without a request. */
export function startInBackground(): void {
	ensureStarted().catch((error) => {
		exitIfDatabaseDead(error);
		logger().error(error, 'start-up failed (retried on the next request)');
	});
}

const OPS_PATHS = new Set(['/healthz', '/readyz', '/metrics']);

function send(res: ServerResponse, status: number, type: string, body: string): void {
	res.writeHead(status, {
		'Content-Type': type,
		'Cache-Control': 'no-store',
		'X-Content-Type-Options': 'nosniff',
		'Content-Length': Buffer.byteLength(body),
	});
	res.end(body);
}

/**
 * Answers /healthz, /readyz and /metrics; false for anything else. These are never logged,
 * never counted and never cached (a probe every second would drown the log).
 */
export function answerOps(req: IncomingMessage, res: ServerResponse): boolean {
	const url = req.url ?? '/';
	const query = url.indexOf('?');
	const path = query < 0 ? url : url.slice(0, query);
	if (!OPS_PATHS.has(path)) return false;
	if (req.method !== 'GET' && req.method !== 'HEAD') {
		res.setHeader('Allow', 'GET, HEAD');
		send(res, 405, 'text/plain; charset=utf-8', 'Method not allowed.');
		return true;
	}
	if (path === '/healthz') {
		send(res, 200, 'application/json; charset=utf-8', JSON.stringify({ status: 'ok' }));
		return true;
	}
	const answer =
		path === '/readyz'
			? readiness().then((r) => ({
					status: r.ready ? 200 : 503,
					type: 'application/json; charset=utf-8',
					body: JSON.stringify(r),
				}))
			: metricsAnswer(req.headers.authorization);
	answer.then(
		(a) => send(res, a.status, a.type, a.body),
		(error) => {
			logger().error(error, `${path} failed`);
			send(res, 500, 'text/plain; charset=utf-8', 'Internal error.');
		},
	);
	return true;
}

/**
 * Handles one request inside its log scope (the request id on every line, also given to
 * the middleware) and, when it ends, writes the access line and the metrics. The path is
 * logged without its query (reset links carry tokens there).
 */
export function track(
	req: IncomingMessage,
	res: ServerResponse,
	handle: () => void,
	fallbackRoute: () => string,
): void {
	const started = process.hrtime.bigint();
	runInRequestScope(() => {
		const scope = currentRequest();
		res.setHeader('X-Request-Id', scope?.id ?? '');
		res.once('close', () => {
			const seconds = Number(process.hrtime.bigint() - started) / 1e9;
			const route = scope?.route ?? fallbackRoute();
			const cache = res.getHeader('x-cache');
			observeRequest(req.method ?? 'GET', route, res.statusCode, seconds, cache?.toString());
			const url = req.url ?? '/';
			const query = url.indexOf('?');
			runInRequestScope(() => {
				logger().info(
					{
						method: req.method,
						path: query < 0 ? url : url.slice(0, query),
						route,
						status: res.statusCode,
						ms: Math.round(seconds * 1000),
						...(cache ? { cache: cache.toString() } : {}),
						...(res.writableFinished ? {} : { aborted: true }),
					},
					'request',
				);
			}, scope?.id);
		});
		handle();
	});
}

/** SIGTERM/SIGINT drain the server within SHUTDOWN_TIMEOUT_MS. */
export function installShutdown(server: Server): void {
	installGracefulShutdown(server, config().SHUTDOWN_TIMEOUT_MS);
}
