import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';

/**
 * The SQL migrations drizzle-kit generated into ./migrations (`npm run db:generate`), as the
 * server carries them: bundled into the build by Vite, so a deployed `dist/` needs no source
 * folder; read from the folder only where there is no Vite (scripts run by Node's type stripping).
 */

/** One committed migration: its journal entry and the file's SQL. */
export interface Migration {
	tag: string;
	/** The journal's timestamp: the order of application, and what the tracking table records. */
	when: number;
	/** SHA-256 of the file, as drizzle-orm's migrator computes it. */
	hash: string;
	sql: string;
}

/** File name (relative to the migrations folder) to content. */
export type MigrationFiles = Record<string, string>;

const JOURNAL = 'meta/_journal.json';

function bundledFiles(): MigrationFiles | undefined {
	try {
		const found = import.meta.glob<string>(
			['./migrations/*.sql', './migrations/meta/_journal.json'],
			{
				query: '?raw',
				import: 'default',
				eager: true,
			},
		);
		return Object.fromEntries(
			Object.entries(found).map(([path, text]) => [path.slice('./migrations/'.length), text]),
		);
	} catch {
		// Node's type stripping (npm run data:import) leaves import.meta.glob undefined.
		return undefined;
	}
}

/** The migration files as a folder holds them (default: ./migrations beside this module). */
export function readMigrationFiles(
	dir: URL = new URL('./migrations/', import.meta.url),
): MigrationFiles {
	const files: MigrationFiles = { [JOURNAL]: readFileSync(new URL(JOURNAL, dir), 'utf8') };
	for (const name of readdirSync(dir)) {
		if (name.endsWith('.sql')) files[name] = readFileSync(new URL(name, dir), 'utf8');
	}
	return files;
}

/**
 * The committed migrations in journal order. Every file the journal names must exist, and
 * the journal's timestamps must increase: a database counts as having every migration up to
 * its newest recorded one, so an entry written on a machine whose clock ran behind would
 * otherwise be skipped silently on every existing database.
 */
export function loadMigrations(
	files: MigrationFiles = bundledFiles() ?? readMigrationFiles(),
): Migration[] {
	const journal = JSON.parse(files[JOURNAL] ?? '{"entries":[]}') as {
		entries: { tag: string; when: number }[];
	};
	let previous = -Infinity;
	return journal.entries.map(({ tag, when }) => {
		const sql = files[`${tag}.sql`];
		if (sql === undefined)
			throw new Error(`Migration ${tag}.sql is in the journal but not in the folder`);
		if (!(when > previous))
			throw new Error(`Migration ${tag}: its journal "when" must be later than the one before`);
		previous = when;
		return { tag, when, hash: createHash('sha256').update(sql).digest('hex'), sql };
	});
}
