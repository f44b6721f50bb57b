import { afterEach, describe, expect, it } from 'vitest';
import { PGlite } from '@electric-sql/pglite';
import { runMigrations } from '../../../../src/server/db/migrate';
import { MIGRATIONS } from '../../../../src/server/db/migrations';

describe('runMigrations', () => {
	let client: PGlite | undefined;
	afterEach(async () => {
		await client?.close();
	});

	it('applies each migration once, multi-statement SQL included', async () => {
		client = new PGlite();
		const exec = async (sql: string) => {
			await client!.transaction((tx) => tx.exec(sql));
		};
		const list = [{ id: '9990_test', sql: "CREATE TABLE t1 (x int); INSERT INTO t1 VALUES (1); CREATE TABLE t2 (y text DEFAULT 'a$b')" }];
		await runMigrations(exec, list);
		await runMigrations(exec, list);
		const rows = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM t1');
		expect(rows.rows[0]?.n).toBe(1);
		const applied = await client.query<{ id: string }>('SELECT id FROM schema_migrations');
		expect(applied.rows.map((r) => r.id)).toEqual(['9990_test']);
	});

	it('applies the project migrations on a fresh database, twice without error', async () => {
		client = new PGlite();
		const exec = async (sql: string) => {
			await client!.transaction((tx) => tx.exec(sql));
		};
		await runMigrations(exec);
		await runMigrations(exec);
		const applied = await client.query<{ id: string }>('SELECT id FROM schema_migrations ORDER BY id');
		expect(applied.rows.map((r) => r.id)).toEqual(MIGRATIONS.map((m) => m.id).sort());
	});

	it('rolls a failing migration back entirely', async () => {
		client = new PGlite();
		const exec = async (sql: string) => {
			await client!.transaction((tx) => tx.exec(sql));
		};
		const list = [{ id: '9991_bad', sql: 'CREATE TABLE t3 (x int); SELECT * FROM missing_table' }];
		await expect(runMigrations(exec, list)).rejects.toThrow();
		const t3 = await client.query(`SELECT to_regclass('t3') AS r`);
		expect((t3.rows[0] as { r: unknown }).r).toBeNull();
	});
});
