import { sql } from 'drizzle-orm';
import { getDbHandle } from '../db/client';
import { loadMigrations } from '../db/migration-files';
import { liveHubIfStarted } from '../live/runtime';
import { startupDone } from '../startup';

/**
 * Liveness and readiness for orchestrators and load balancers. `/healthz`: the process
 * answers. `/readyz`: start-up has completed, the database answers and has every bundled
 * migration, and the live bus is connected, or degraded with the reason (Redis unreachable:
 * the site still serves, live events reach only this process's clients, so it stays ready).
 */
export interface Readiness {
	ready: boolean;
	checks: {
		startup: 'done' | 'pending';
		database: 'ok' | string;
		migrations: 'ok' | string;
		bus: 'memory' | 'redis' | 'degraded' | 'not started';
	};
	reason?: string;
}

const TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
	let timer: NodeJS.Timeout | undefined;
	const timeout = new Promise<never>((_, reject) => {
		timer = setTimeout(
			() => reject(new Error(`${what} did not answer within ${TIMEOUT_MS} ms`)),
			TIMEOUT_MS,
		);
	});
	return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function rowsOf(query: Promise<unknown>): Promise<Record<string, unknown>[]> {
	const result = await query;
	// postgres.js answers an array of rows, PGlite an object holding them.
	return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Record<
		string,
		unknown
	>[];
}

export async function readiness(): Promise<Readiness> {
	const checks: Readiness['checks'] = {
		startup: startupDone() ? 'done' : 'pending',
		database: 'not checked',
		migrations: 'not checked',
		bus: liveHubIfStarted()?.bus.mode ?? 'not started',
	};
	try {
		const handle = await withTimeout(getDbHandle(), 'the database');
		const [row] = await withTimeout(
			rowsOf(
				handle.db.execute(sql`SELECT max(created_at) AS latest FROM drizzle.__drizzle_migrations`),
			),
			'the database',
		);
		checks.database = 'ok';
		const want = loadMigrations().at(-1)?.when ?? 0;
		const have = Number(row?.latest ?? 0);
		checks.migrations = have >= want ? 'ok' : `pending (database at ${have}, build at ${want})`;
	} catch (error) {
		checks.database = `unreachable: ${(error as Error).message}`;
	}
	const ready = checks.startup === 'done' && checks.database === 'ok' && checks.migrations === 'ok';
	const reason = !ready
		? [
				checks.startup !== 'done' && 'start-up has not completed',
				checks.database !== 'ok' && `database ${checks.database}`,
				checks.database === 'ok' && checks.migrations !== 'ok' && `migrations ${checks.migrations}`,
			]
				.filter(Boolean)
				.join('; ')
		: checks.bus === 'degraded'
			? 'live bus degraded: Redis unreachable, live events reach this process only'
			: undefined;
	return { ready, checks, ...(reason ? { reason } : {}) };
}
