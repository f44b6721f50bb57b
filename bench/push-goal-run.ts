/**
 * One engine's run of bench/push-goal.mjs (not a benchmark on its own). BENCH_URL is
 * `memory://` or a PostgreSQL server URL (a scratch database beside it is created and
 * dropped).
 *
 * 100,000 (BENCH_SUBSCRIPTIONS) push subscriptions follow the home team of one match; a
 * goal is committed through the real live write path and the real PushRunner (subscribed
 * to the bus, as in the site) queues and sends. Sending goes with `web-push` to the HTTPS
 * stand-in in another process (bench/lib/push-stand-in.ts, which verifies and decrypts
 * every request) for BENCH_SEND_SECONDS (25), then the sender is cut off. Meanwhile
 * bench/lib/live-probe.ts commits 20 changes a second to other matches and measures the
 * live fan-out on 1,000 SSE clients: before, while queueing, while sending, after.
 */
import { fork } from 'node:child_process';
import { Agent } from 'node:https';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import webpush from 'web-push';
import { resetConfigForTests } from '../src/server/config';
import { type Database, openDatabase } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { installGamesHook } from '../src/server/games/hook';
import { applyLiveChange } from '../src/server/live/apply';
import { PushRunner } from '../src/server/push/runner';
import { resetVapidForTests } from '../src/server/push/vapid';
import { seedMatches } from '../tests/integration/live/helpers';
import { printPhase, startLiveProbe } from './lib/live-probe';
import { scratchDatabase } from './lib/scratch-db';

const SUBSCRIPTIONS = Number(process.env.BENCH_SUBSCRIPTIONS ?? 100_000);
const KEYS = Number(process.env.BENCH_KEYS ?? 500);
const SEND_SECONDS = Number(process.env.BENCH_SEND_SECONDS ?? 25);
const base = process.env.BENCH_URL ?? 'memory://';
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const LOCALES = ['en', 'id', 'de', 'es', 'fr', 'it', 'nl', 'pt', 'tr', 'ru'];

interface StandInStats {
	verified: number;
	distinct: number;
	duplicates: number;
	wrong: number;
	wrongExample: string;
	problems: number;
	problemExample: string;
	firstAt: number;
	lastAt: number;
}

async function main() {
	installGamesHook();
	const vapid = { ...webpush.generateVAPIDKeys(), subject: 'mailto:alerts@bench.test' };

	// Seeded first (the tag names the match): the stand-in starts once the match id is known.
	const { url, drop } = await scratchDatabase(base, 'bench_push');
	const handle = await openDatabase(url);
	const db = handle.db;
	const [matchId, ...probeIds] = await seedMatches(handle, 5);
	const tag = `match-${matchId}`;

	const child = fork(new URL('./lib/push-stand-in.ts', import.meta.url).pathname, [], {
		execArgv: ['--import', 'tsx'],
		env: {
			...process.env,
			BENCH_KEYS: String(KEYS),
			BENCH_TAG: tag,
			BENCH_VAPID_PUBLIC: vapid.publicKey,
			BENCH_VAPID_SUBJECT: vapid.subject,
		},
		stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
	});
	const keyStart = performance.now();
	const ready = await new Promise<{
		origin: string;
		ca: string;
		keys: { p256dh: string; auth: string }[];
	}>((resolve, reject) => {
		child.once('message', (m) => resolve(m as never));
		child.once('exit', (code) => reject(new Error(`stand-in exited ${code}`)));
	});
	const keyMs = performance.now() - keyStart;
	const standIn = () =>
		new Promise<StandInStats>((resolve) => {
			child.once('message', (m) => resolve((m as { stats: StandInStats }).stats));
			child.send({ cmd: 'stats' });
		});

	process.env.VAPID_PUBLIC_KEY = vapid.publicKey;
	process.env.VAPID_PRIVATE_KEY = vapid.privateKey;
	process.env.VAPID_SUBJECT = vapid.subject;
	process.env.PUSH_HOSTS = ready.origin;
	resetConfigForTests();
	resetVapidForTests();

	let runner: PushRunner | undefined;
	try {
		const probe = await startLiveProbe({
			db,
			matchIds: probeIds,
			clients: Number(process.env.BENCH_CLIENTS ?? 1000),
			perSecond: Number(process.env.BENCH_LIVE_RATE ?? 20),
		});
		const bus = probe.bus;
		await applyLiveChange(
			{ matchId: matchId!, kind: 'status', status: 'live', minute: 0, score: { home: 0, away: 0 } },
			{ db, bus },
		);
		const [teams] = rowsOf<{ home: number }>(
			await db.execute(sql`SELECT home_team_id AS home FROM matches WHERE id = ${Number(matchId)}`),
		);

		// 100,000 browsers following the home team: ten languages, one in seven spoiler-safe,
		// key pairs shared N mod KEYS (each delivery is still encrypted and decrypted for its
		// own request: web-push makes a new ephemeral key per message).
		const seedStart = performance.now();
		await db.execute(sql`INSERT INTO push_subscriptions (endpoint, p256dh, auth, locale, time_zone, spoiler_safe)
			SELECT ${`${ready.origin}/push/s`} || i,
				(${JSON.stringify(ready.keys)}::jsonb -> (i % ${KEYS})) ->> 'p256dh',
				(${JSON.stringify(ready.keys)}::jsonb -> (i % ${KEYS})) ->> 'auth',
				(${JSON.stringify(LOCALES)}::jsonb ->> (i % 10)), 'Europe/Berlin', i % 7 = 0
			FROM generate_series(1, ${SUBSCRIPTIONS}) AS i`);
		await db.execute(sql`INSERT INTO push_targets (subscription_id, kind, target_id, kinds)
			SELECT id, 'team', ${teams!.home}, ARRAY['goal', 'red', 'ft'] FROM push_subscriptions`);
		const seedMs = performance.now() - seedStart;

		// The real runner, as the site starts it, with the real web-push sending to the stand-in
		// over keep-alive HTTPS (what the site's global agent does); after the window every send
		// fails fast, which ends the runner's pass (the rows stay queued, as after a crash).
		const agent = new Agent({ ca: ready.ca, keepAlive: true, maxSockets: 16 });
		let window = true;
		let queued: { n: number; at: number } | undefined;
		let queuedResolve: () => void = () => {};
		const queuedPromise = new Promise<void>((r) => {
			queuedResolve = r;
		});
		const tracked = new Proxy(db, {
			get(target, prop, receiver) {
				if (prop === 'transaction') {
					// queueAlerts is the runner's only transaction: its COMMIT is "queued".
					return async (...args: Parameters<Database['transaction']>) => {
						const out: unknown = await target.transaction(...args);
						if (typeof out === 'number' && out > 0 && !queued) {
							queued = { n: out, at: now() };
							queuedResolve();
						}
						return out;
					};
				}
				const value = Reflect.get(target, prop, receiver) as unknown;
				return typeof value === 'function'
					? (value as (...a: unknown[]) => unknown).bind(target)
					: value;
			},
		}) as Database;
		runner = new PushRunner(
			async () => tracked,
			(subscription, body, options) =>
				window
					? webpush.sendNotification(subscription, body, { ...options, agent })
					: Promise.reject(new Error('bench: sending window over')),
		);
		probe.run();
		runner.start(bus);
		await sleep(3000);
		await probe.phase(0); // warm-up
		await sleep(3000);
		const before = await probe.phase(0);

		const goalAt = now();
		await applyLiveChange(
			{
				matchId: matchId!,
				kind: 'event',
				status: 'live',
				minute: 23,
				score: { home: 1, away: 0 },
				entry: { type: 'goal', minute: 23, side: 'home', player: 'Bench Striker' },
			},
			{ db, bus },
		);
		const committedAt = now();
		await Promise.race([queuedPromise, sleep(120_000)]);
		if (!queued) throw new Error('nothing queued within 120 s');
		const queuedAt = queued.at;
		const whileQueueing = await probe.phase(0);
		await sleep(SEND_SECONDS * 1000);
		const atEnd = await standIn();
		const windowEnd = now();
		const whileSending = await probe.phase(0);
		window = false;
		runner.stop();
		const busy = runner as unknown as { running: boolean };
		for (let i = 0; i < 600 && busy.running; i++) await sleep(100);
		await sleep(3000);
		const after = await probe.phase(0);
		await probe.close();
		agent.destroy();

		const [rows] = rowsOf<{ total: number; sent: number; failed: number }>(
			await db.execute(sql`SELECT count(*)::int AS total,
				count(*) FILTER (WHERE sent_at IS NOT NULL AND last_error IS NULL)::int AS sent,
				count(*) FILTER (WHERE last_error IS NOT NULL AND last_error NOT LIKE '%window over%')::int AS failed
				FROM push_outbox`),
		);
		const engine = base === 'memory://' ? 'PGlite (in memory)' : 'PostgreSQL';
		const sendSeconds = (windowEnd - queuedAt) / 1000;
		const rate = atEnd.verified / sendSeconds;
		console.log(
			`${engine}: ${SUBSCRIPTIONS.toLocaleString('en')} subscriptions following the home team (${KEYS} real key pairs shared; made in ${(keyMs / 1000).toFixed(1)} s), seeded in ${(seedMs / 1000).toFixed(1)} s`,
		);
		console.log(
			`  goal committed in ${(committedAt - goalAt).toFixed(0)} ms; ${queued.n.toLocaleString('en')} alerts queued (push_outbox rows: ${Number(rows?.total).toLocaleString('en')}) ${(queuedAt - committedAt).toFixed(0)} ms after COMMIT`,
		);
		console.log(
			`  first alert at the stand-in ${(atEnd.firstAt - committedAt).toFixed(0)} ms after COMMIT; in the ${sendSeconds.toFixed(1)} s after queueing: ${atEnd.verified.toLocaleString('en')} verified and decrypted by the stand-in (${rate.toFixed(0)} alerts/s after the queue was written), ${Number(rows?.sent).toLocaleString('en')} marked sent, ${atEnd.distinct.toLocaleString('en')} distinct endpoints, ${atEnd.duplicates} duplicates, ${atEnd.wrong} with a wrong tag/topic/TTL/urgency, ${atEnd.problems} refused (VAPID/decryption), ${Number(rows?.failed)} failed sends`,
		);
		if (atEnd.wrongExample) console.log(`  wrong example: ${atEnd.wrongExample}`);
		if (atEnd.problemExample) console.log(`  refused example: ${atEnd.problemExample}`);
		const left = SUBSCRIPTIONS - atEnd.verified;
		console.log(
			`  at that rate the last of the ${SUBSCRIPTIONS.toLocaleString('en')} would go out ${(SUBSCRIPTIONS / Math.max(rate, 1)).toFixed(0)} s after the goal (alert TTL 180 s; ${left.toLocaleString('en')} not sent when the bench cut the sender off)`,
		);
		printPhase('before the goal', before, probe.clients);
		printPhase('goal → queued', whileQueueing, probe.clients);
		printPhase(`sending (${SEND_SECONDS} s)`, whileSending, probe.clients);
		printPhase('after the sender stopped', after, probe.clients);
		if (queued.n !== SUBSCRIPTIONS) throw new Error(`queued ${queued.n}, not ${SUBSCRIPTIONS}`);
		if (atEnd.problems || atEnd.duplicates || atEnd.wrong)
			throw new Error('the stand-in found problems');
	} finally {
		runner?.stop();
		child.send({ cmd: 'close' });
		await handle.close();
		await drop?.();
	}
}

const hardStop = setTimeout(() => {
	console.error('bench: hard stop after 10 minutes');
	process.exit(2);
}, 600_000);
hardStop.unref();
main().then(
	() => process.exit(0),
	(error) => {
		console.error(error);
		process.exit(1);
	},
);
