/**
 * One engine's run of bench/games-settle.mjs (not a benchmark on its own). BENCH_URL is
 * `memory://` or a PostgreSQL server URL (a scratch database beside it is created and
 * dropped). While it runs, bench/lib/live-probe.ts commits BENCH_LIVE_RATE (20) changes a
 * second to other matches through the same write path and measures commit→client on
 * BENCH_CLIENTS (1,000) SSE clients of the real hub: before, during and after settlement.
 */
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { scratchDatabase } from './lib/scratch-db';
import { openDatabase } from '../src/server/db/client';
import { rowsOf } from '../src/server/db/rows';
import { installGamesHook } from '../src/server/games/hook';
import { leaderboard } from '../src/server/games/leaderboard';
import { applyLiveChange } from '../src/server/live/apply';
import { seedMatches } from '../tests/integration/live/helpers';
import { printPhase, startLiveProbe } from './lib/live-probe';

const PICKS = Number(process.env.BENCH_PICKS ?? 100_000);
/** Every visitor picks all three games. */
const VISITORS = Math.ceil(PICKS / 3);
const base = process.env.BENCH_URL ?? 'memory://';

async function main() {
	installGamesHook();
	const { url, drop } = await scratchDatabase(base, 'bench_games');
	const handle = await openDatabase(url);
	try {
		const db = handle.db;
		const [matchId, ...probeIds] = await seedMatches(handle, 5);
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
		const t0 = performance.now();
		await db.execute(sql`INSERT INTO users (id, email, name, password_hash, created_at, updated_at)
			SELECT gen_random_uuid(), 'bench' || i || '@example.test', 'Fan ' || i, 'x', now(), now()
			FROM generate_series(1, ${VISITORS}) AS i`);
		await db.execute(sql`INSERT INTO game_picks (game_id, user_id, pick, points_at_stake, picked_at)
			SELECT g.id, u.id,
				CASE g.kind WHEN 'odd_even' THEN (CASE WHEN random() < 0.5 THEN 'odd' ELSE 'even' END)
					ELSE (CASE WHEN random() < 0.5 THEN 'home' ELSE 'away' END) END,
				(10 + floor(random() * 91))::int, now()
			FROM users u CROSS JOIN games g WHERE g.match_id = ${Number(matchId)}`);
		const seeded = performance.now() - t0;
		await applyLiveChange(
			{
				matchId: matchId!,
				kind: 'event',
				status: 'live',
				minute: 30,
				score: { home: 1, away: 0 },
				entry: { type: 'goal', minute: 30, side: 'home', player: 'Bench' },
			},
			{ db, bus },
		);
		probe.run();
		await new Promise((r) => setTimeout(r, 2000));
		await probe.phase(0); // warm-up: JIT, sockets
		await new Promise((r) => setTimeout(r, 3000));
		const before = await probe.phase(0);
		// The longest gap between turns of a 5 ms ticker, the last one (up to the end) included:
		// a chain of microtasks that never yields shows as one long gap.
		let last = performance.now();
		let blocked = 0;
		const ticker = setInterval(() => {
			const t = performance.now();
			blocked = Math.max(blocked, t - last);
			last = t;
		}, 5);
		const start = performance.now();
		await applyLiveChange(
			{
				matchId: matchId!,
				kind: 'status',
				status: 'finished',
				minute: 90,
				score: { home: 1, away: 0 },
				entry: { type: 'fulltime', minute: 90 },
			},
			{ db, bus },
		);
		const settle = performance.now() - start;
		blocked = Math.max(blocked, performance.now() - last);
		clearInterval(ticker);
		const during = await probe.phase(300);
		// Points are read through the games' settlements: what a leaderboard costs now.
		const boardStart = performance.now();
		const board = await leaderboard(db, {
			scope: 'match',
			matchId: Number(matchId),
			replay: false,
			now: Date.now(),
		});
		const boardMs = performance.now() - boardStart;
		const reading = await probe.phase(300);
		await new Promise((r) => setTimeout(r, 3000));
		const after = await probe.phase(0);
		await probe.close();
		const [check] = rowsOf<{ settled: number; total: number }>(
			await db.execute(sql`SELECT count(*) FILTER (WHERE g.status IN ('settled', 'void'))::int AS settled,
				count(*)::int AS total FROM game_picks p JOIN games g ON g.id = p.game_id`),
		);
		const engine = base === 'memory://' ? 'PGlite (in memory)' : 'PostgreSQL';
		console.log(
			`${engine}: ${Number(check?.total).toLocaleString('en')} picks (${VISITORS.toLocaleString('en')} visitors × 3 games), seeded in ${(seeded / 1000).toFixed(1)} s`,
		);
		console.log(
			`  full time committed and settled in ${settle.toFixed(0)} ms (${Number(check?.settled).toLocaleString('en')} picks settled); event loop blocked at most ${blocked.toFixed(0)} ms at a time`,
		);
		console.log(
			`  the match's leaderboard over them (top ${board.length}) read in ${boardMs.toFixed(0)} ms`,
		);
		printPhase('before settlement', before, probe.clients);
		printPhase('during settlement (+0.3 s)', during, probe.clients);
		printPhase('during the leaderboard read (+0.3 s)', reading, probe.clients);
		printPhase('after', after, probe.clients);
		if (Number(check?.settled) !== Number(check?.total)) throw new Error('not every pick settled');
	} finally {
		await handle.close();
		await drop?.();
	}
}

const hardStop = setTimeout(() => {
	console.error('bench: hard stop after 10 minutes');
	process.exit(2);
}, 600_000);
hardStop.unref();
main().catch((error) => {
	console.error(error);
	process.exit(1);
});
