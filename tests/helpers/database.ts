import postgres from 'postgres';
import { openDatabase, type DbHandle } from '~/server/db/client';

/**
 * A fresh, migrated, empty database for one test file: in-memory PGlite, or, when
 * TEST_DATABASE_URL names a PostgreSQL server, a new scratch database beside it that
 * `close()` drops. Test files run in parallel, so they must never share tables.
 */
export async function openScratchDatabase(
	engine: 'auto' | 'pglite' | 'postgres' = 'auto',
): Promise<DbHandle> {
	const base = process.env.TEST_DATABASE_URL;
	if (engine === 'pglite' || (engine === 'auto' && !base)) return openDatabase('memory://');
	if (!base) throw new Error('TEST_DATABASE_URL is not set');
	const name = `scratch_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
	const admin = postgres(base, { max: 1, onnotice: () => {} });
	await admin.unsafe(`CREATE DATABASE ${name}`);
	const url = new URL(base);
	url.pathname = `/${name}`;
	const drop = async () => {
		await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
		await admin.end({ timeout: 5 });
	};
	let handle: DbHandle;
	try {
		handle = await openDatabase(url.toString());
	} catch (error) {
		await drop();
		throw error;
	}
	return {
		...handle,
		close: async () => {
			await handle.close();
			await drop();
		},
	};
}
