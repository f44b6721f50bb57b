import { connect } from 'node:net';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CuttableProxy } from '../../helpers/tcp-proxy';

/**
 * The PostgreSQL driver after a blink (scripts/patch-postgres.mjs, parts 3 and 4), against a
 * real server through a proxy the test cuts. Each case waits for the driver's own outcome;
 * the 10 s bound only turns "waits for ever" into a failure, it measures nothing.
 */
const PG = process.env.TEST_DATABASE_URL;
const HANG_MS = 10_000;

type Outcome = { settled: 'resolved'; value: unknown } | { settled: 'rejected'; code: unknown };
const outcome = (p: Promise<unknown>): Promise<Outcome | { settled: 'pending' }> =>
	Promise.race([
		p.then(
			(value) => ({ settled: 'resolved' as const, value }),
			(error: { code?: unknown }) => ({ settled: 'rejected' as const, code: error?.code }),
		),
		new Promise<{ settled: 'pending' }>((r) =>
			setTimeout(() => r({ settled: 'pending' }), HANG_MS),
		),
	]);

describe.skipIf(!PG)('postgres driver after a blink (TEST_DATABASE_URL)', () => {
	const target = new URL(PG ?? 'postgres://x@127.0.0.1:5432/x');
	const proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
	const table = `blink_${Date.now().toString(36)}`;
	const direct = PG ? postgres(PG, { max: 1, onnotice: () => {} }) : undefined;

	beforeAll(async () => {
		await proxy.start();
		await direct!.unsafe(`CREATE TABLE ${table} (id int)`);
	});
	afterAll(async () => {
		await direct?.unsafe(`DROP TABLE IF EXISTS ${table}`);
		await direct?.end({ timeout: 5 });
		await proxy.cut().catch(() => {});
	});

	/** One connection through the proxy; `onError` runs when its socket reports an error. */
	const viaProxy = (onError: () => void) => {
		// `socket` (a connected socket of our own) is an option the driver's types do not list.
		const options = {
			host: '127.0.0.1',
			port: proxy.port,
			database: target.pathname.slice(1),
			username: decodeURIComponent(target.username),
			password: decodeURIComponent(target.password) || undefined,
			max: 1,
			onnotice: () => {},
			backoff: () => 0.05,
			socket: () => {
				const socket = connect(proxy.port, '127.0.0.1');
				// Registered before the driver's own listeners: a microtask queued here runs after
				// the driver handled the error and before the socket's 'close' (a later loop turn).
				socket.on('error', () => queueMicrotask(onError));
				return socket;
			},
		};
		return postgres(options as postgres.Options<Record<string, never>>);
	};

	it('a query handed over between the socket error and its close fails with the connection, and the next session answers truly', async () => {
		// Observed from the moment it exists: it may fail before the test awaits it, and an
		// unobserved rejection would fail the whole run.
		let probe: ReturnType<typeof outcome> | undefined;
		const sql = viaProxy(() => {
			probe ??= outcome(sql`SELECT 1 AS one`.execute());
		});
		try {
			expect(await sql`SELECT 1 AS one`).toEqual([{ one: 1 }]);
			await proxy.cut();
			await proxy.start();
			// Wait until the connection error handed the probe over.
			for (let i = 0; i < 100 && !probe; i++) await new Promise((r) => setTimeout(r, 20));
			expect(probe).toBeDefined();
			// A new session: without the repair it resolves the old session's probe with nothing.
			const next = await outcome(sql`SELECT 2 AS two`.execute());
			expect(next).toEqual({ settled: 'resolved', value: [{ two: 2 }] });
			expect(await probe!).toEqual({ settled: 'rejected', code: 'CONNECTION_CLOSED' });
		} finally {
			await sql.end({ timeout: 1 });
		}
	});

	it('a transaction whose connection closed never runs its later statements on the next session', async () => {
		const sql = viaProxy(() => {});
		let release: () => void = () => {};
		const paused = new Promise<void>((r) => (release = r));
		try {
			const tx = sql.begin(async (t) => {
				await t.unsafe(`INSERT INTO ${table} VALUES (1)`);
				await paused; // Work between two statements (the console's checks, a hook).
				await t.unsafe(`INSERT INTO ${table} VALUES (2)`);
			});
			const txOutcome = outcome(tx);
			// The first INSERT is in: the transaction is open and waits.
			for (let i = 0; i < 100; i++) {
				const [row] = await direct!<{ n: number }[]>`SELECT count(*)::int AS n FROM pg_stat_activity
					WHERE state = 'idle in transaction' AND datname = current_database()`;
				if (row!.n > 0) break;
				await new Promise((r) => setTimeout(r, 20));
			}
			await proxy.cut();
			await proxy.start();
			expect(await txOutcome).toMatchObject({ settled: 'rejected' });
			// The pool's only connection opens a new session for someone else…
			expect(await sql`SELECT 3 AS three`).toEqual([{ three: 3 }]);
			// …and then the transaction's callback goes on.
			release();
			await new Promise((r) => setTimeout(r, 200));
			expect(await sql`SELECT 4 AS four`).toEqual([{ four: 4 }]);
			const rows = await direct!.unsafe<{ id: number }[]>(`SELECT id FROM ${table}`);
			expect(rows).toEqual([]);
		} finally {
			release();
			await sql.end({ timeout: 1 });
		}
	});
});
