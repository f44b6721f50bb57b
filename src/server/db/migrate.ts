import { MIGRATIONS, type Migration } from './migrations';

/**
 * Applies pending migrations in id order, each in its own transaction (`execInTransaction`
 * wraps the text in one), and records them in `schema_migrations`. Plain SQL that runs the
 * same on PGlite and PostgreSQL. An advisory lock keeps two processes starting at once
 * from racing.
 */
export async function runMigrations(
	execInTransaction: (sql: string) => Promise<void>,
	migrations: readonly Migration[] = MIGRATIONS,
): Promise<void> {
	await execInTransaction(`SELECT pg_advisory_xact_lock(727274);
	CREATE TABLE IF NOT EXISTS schema_migrations (
		id text PRIMARY KEY,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`);
	for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
		const id = migration.id.replace(/'/g, "''");
		await execInTransaction(`SELECT pg_advisory_xact_lock(727274);
			DO $m$ BEGIN
				IF NOT EXISTS (SELECT 1 FROM schema_migrations WHERE id = '${id}') THEN
					EXECUTE ${dollarQuote(migration.sql)};
					INSERT INTO schema_migrations (id) VALUES ('${id}');
				END IF;
			END $m$;`);
	}
}

function dollarQuote(sql: string): string {
	let tag = 'sql';
	while (sql.includes(`$${tag}$`)) tag += 'x';
	return `$${tag}$${sql}$${tag}$`;
}
