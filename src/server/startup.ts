import { getDbHandle } from './db/client';
import { ensureFootballData } from './football/ensure';
import { installGamesHook } from './games/hook';
import { startLiveFeed } from './live/feed';
import { registerAuthMails } from './auth/mails';
import { startMailWorker } from './mail/worker';
import { registerPaymentMails } from './payments/mail';

/**
 * Work the server does once before it answers its first request: open the database
 * (which applies migrations), then each task below in order. The Node adapter has no
 * start-up hook, so the first request awaits this (`npm start` and the test runner send
 * a warm-up request, so visitors never wait for it).
 *
 * A feature that needs start-up work (data import, live feed) adds one task here.
 */
export const STARTUP_TASKS: { name: string; run: () => Promise<void> }[] = [
	// First start: import the shipped openfootball data (a no-op once matches exist).
	{ name: 'football data', run: () => ensureFootballData() },
	// The live feed (replay by default) and the SSE hub; never throws, the site serves without it.
	// Before the feed: the replay's first kick-off already opens games.
	{ name: 'live games', run: async () => installGamesHook() },
	{ name: 'live feed', run: startLiveFeed },
	// The mail outbox worker (src/server/mail/worker.ts): sends queued mail, retries failures.
	// The features' mail kinds first: the worker composes each row with its feature's composer.
	{
		name: 'mail outbox',
		run: async () => {
			registerAuthMails();
			registerPaymentMails();
			startMailWorker();
		},
	},
];

let started: Promise<void> | undefined;
let done = false;

/** True once start-up has completed (readiness). */
export function startupDone(): boolean {
	return done;
}

/** Runs start-up once per process; a failure is retried on the next request. */
export function ensureStarted(): Promise<void> {
	started ??= (async () => {
		await getDbHandle();
		for (const task of STARTUP_TASKS) {
			const t0 = performance.now();
			await task.run();
			console.log(`[startup] ${task.name} in ${Math.round(performance.now() - t0)} ms`);
		}
		done = true;
	})().catch((error) => {
		started = undefined;
		throw error;
	});
	return started;
}
