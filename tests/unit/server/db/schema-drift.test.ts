import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { generateDrizzleJson, generateMigration } from 'drizzle-kit/api';
import { afterAll, describe, expect, it } from 'vitest';
import { pgliteTarget, runMigrations } from '~/server/db/migrate';
import * as schema from '~/server/db/schema';
import { describeSchema } from '../../../helpers/db-schema';

/**
 * The schema (src/server/db/schema) is the one source; the committed migrations must say the
 * same. Each check fails on its own kind of drift, and none writes to the repository:
 * - a schema change without `npm run db:generate` (drizzle-kit's own diff against the last
 *   snapshot, which is what `drizzle-kit generate` decides "No schema changes" from);
 * - a hand-edited or incomplete SQL file (the database the migrations build is compared, through
 *   pg_catalog, with one built from SQL that drizzle-kit writes from the schema alone);
 * - a broken folder (`drizzle-kit check`, and every SQL file listed in the journal).
 */
const root = new URL('../../../../', import.meta.url);
const dir = new URL('src/server/db/migrations/', root);
const journal = JSON.parse(readFileSync(new URL('meta/_journal.json', dir), 'utf8')) as {
	entries: { idx: number; tag: string }[];
};
const imports = schema as Record<string, unknown>;
type Snapshot = Parameters<typeof generateMigration>[0];

const clients: PGlite[] = [];
afterAll(async () => {
	for (const c of clients) await c.close();
});

describe('schema and migrations', () => {
	it('the last snapshot is the schema: no change awaits `npm run db:generate`', async () => {
		const last = journal.entries.at(-1)!;
		const file = new URL(`meta/${String(last.idx).padStart(4, '0')}_snapshot.json`, dir);
		const snapshot = JSON.parse(readFileSync(file, 'utf8')) as Snapshot;
		const pending = await generateMigration(snapshot, generateDrizzleJson(imports, snapshot.id));
		expect(pending, 'the schema differs from the migrations: run npm run db:generate').toEqual([]);
	});

	it('the committed SQL builds the database the schema describes', async () => {
		const migrated = new PGlite();
		const generated = new PGlite();
		clients.push(migrated, generated);
		await runMigrations(pgliteTarget(migrated));
		const fromSchema = await generateMigration(
			generateDrizzleJson({}),
			generateDrizzleJson(imports),
		);
		await generated.exec(fromSchema.join(';\n'));
		const query = (c: PGlite) => async (sql: string) =>
			(await c.query<Record<string, unknown>>(sql)).rows;
		const built = await describeSchema(query(migrated));
		expect(built.length).toBeGreaterThan(100);
		expect(built).toEqual(await describeSchema(query(generated)));
	}, 120_000); // Two database start-ups: slow on a busy machine.

	it('the folder is consistent: drizzle-kit check passes and the journal lists every SQL file', () => {
		const files = readdirSync(dir).filter((name) => name.endsWith('.sql'));
		expect(files.sort()).toEqual(journal.entries.map((e) => `${e.tag}.sql`).sort());
		const check = spawnSync(process.execPath, ['node_modules/drizzle-kit/bin.cjs', 'check'], {
			cwd: fileURLToPath(root),
			encoding: 'utf8',
		});
		expect(check.status, check.stdout + check.stderr).toBe(0);
	});
});
