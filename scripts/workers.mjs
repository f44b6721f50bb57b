/**
 * How many server processes `npm start` runs (WEB_CONCURRENCY), and the primary that runs
 * them. Pure planning first (tested in tests/unit/scripts/workers.test.ts), then the
 * node:cluster primary.
 *
 * Many workers need what they share to live outside them: PostgreSQL for the data and the
 * live log, Redis for the bus that carries live events, cache invalidations and session
 * revocations between processes. The embedded database (PGlite) lives inside one process
 * and locks its folder, so with it the site stays one process and says why.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';

const MAX_WORKERS = 256;

export class WorkerPlanError extends Error {}

/**
 * @param {Record<string, string | undefined>} env
 * @param {number} [cores]
 * @returns {{ workers: number; note: string | null }}
 */
export function workerPlan(env, cores = availableParallelism()) {
	const raw = env.WEB_CONCURRENCY?.trim();
	let asked;
	if (raw !== undefined && raw !== '') {
		asked = /^\d{1,3}$/.test(raw) ? Number(raw) : Number.NaN;
		if (!(asked >= 1 && asked <= MAX_WORKERS))
			throw new WorkerPlanError(
				`WEB_CONCURRENCY must be a whole number of server processes from 1 to ${MAX_WORKERS} (got "${raw}").`,
			);
	}
	const shared = /^postgres(ql)?:\/\//.test(env.DATABASE_URL ?? '') && Boolean(env.REDIS_URL);
	if (!shared) {
		const wanted = asked ?? cores;
		return {
			workers: 1,
			note:
				wanted > 1
					? `One server process, not ${wanted}: the embedded database lives inside one process. Set DATABASE_URL (postgres://…) and REDIS_URL to run one per core (WEB_CONCURRENCY).`
					: null,
		};
	}
	return { workers: asked ?? cores, note: null };
}

/** Crashes that close together mean a worker cannot run: stop rather than loop. */
const CRASH_WINDOW_MS = 60_000;
const MAX_CRASHES = 5;
/** The wait before restarting a dead worker doubles with each recent crash, up to this. */
const MAX_RESTART_DELAY_MS = 16_000;

/**
 * How long to wait before the next restart, given how many workers died within the window
 * (1 s, 2 s, 4 s…): a worker that dies at once is not restarted in a tight loop.
 *
 * @param {number} recentCrashes
 */
export function restartDelay(recentCrashes) {
	return Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** Math.max(0, recentCrashes - 1));
}

/**
 * The primary: forks the first worker (it runs the live feed) and waits until it answers
 * (it runs the migrations and the first-start import), then the others with `FEED=off`
 * (one feed for the site; every worker follows the bus). Restarts a worker that dies, with
 * a growing delay; gives up (exit 1, naming why) after MAX_CRASHES deaths in a minute.
 * SIGTERM/SIGINT stop every worker gracefully, then the primary (exit 0).
 *
 * @param {{ workers: number; serveScript: string; port: number; warmUp: () => Promise<void> }} opts
 */
export async function runPrimary({ workers, serveScript, port, warmUp }) {
	cluster.setupPrimary({ exec: serveScript });
	const roles = new Map(); // worker id → its env
	const crashes = [];
	const restarts = new Set(); // pending restart timers
	let stopping = false;

	const fork = (env) => {
		const worker = cluster.fork(env);
		roles.set(worker.id, env);
		return worker;
	};

	const first = fork({});
	const started = await new Promise((resolve) => {
		first.once('listening', () => resolve(true));
		first.once('exit', () => resolve(false));
	});
	// It printed why (a refused setting, a locked database): the primary only follows.
	if (!started) process.exit(first.process.exitCode || 1);
	await warmUp();
	for (let i = 1; i < workers; i++) fork({ FEED: 'off' });
	console.log(`${workers} server processes on port ${port} (WEB_CONCURRENCY)`);

	/** Stops every worker; the primary exits with `code` once the last one is gone. */
	const stopAll = (code) => {
		stopping = true;
		process.exitCode = code;
		for (const timer of restarts) clearTimeout(timer);
		restarts.clear();
		for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGTERM');
		if (roles.size === 0) process.exit(code);
	};

	cluster.on('exit', (worker, code, signal) => {
		const env = roles.get(worker.id);
		roles.delete(worker.id);
		if (stopping) {
			if (roles.size === 0) process.exit(process.exitCode ?? 0);
			return;
		}
		const how = signal ? `signal ${signal}` : `code ${code}`;
		const now = Date.now();
		crashes.push(now);
		while (crashes.length > 0 && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
		if (crashes.length >= MAX_CRASHES) {
			console.error(
				`Server processes keep dying (${crashes.length} in a minute, the last ${worker.process.pid} with ${how}): stopping. Their log above says why.`,
			);
			stopAll(1);
			return;
		}
		const delay = restartDelay(crashes.length);
		console.error(
			`Server process ${worker.process.pid} ended (${how}); starting another in ${delay / 1000} s`,
		);
		// Not unref'd: when every worker is dead this timer is what keeps the primary (and
		// the port) alive until they are back; a supervisor must never see a clean exit here.
		const timer = setTimeout(() => {
			restarts.delete(timer);
			if (!stopping) fork(env ?? { FEED: 'off' });
		}, delay);
		restarts.add(timer);
	});

	const stop = () => {
		if (!stopping) stopAll(0);
	};
	process.on('SIGTERM', stop);
	process.on('SIGINT', stop);
}
