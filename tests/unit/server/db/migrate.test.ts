import { createHash } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { afterEach, describe, expect, it } from 'vitest';
import { pgliteTarget, runMigrations } from '~/server/db/migrate';
import { loadMigrations, readMigrationFiles, type Migration } from '~/server/db/migration-files';

function migration(tag: string, when: number, sql: string): Migration {
	return { tag, when, hash: createHash('sha256').update(sql).digest('hex'), sql };
}

describe('loadMigrations', () => {
	it('bundles the same files the migrations folder holds (scripts outside Vite read the folder)', () => {
		const bundled = loadMigrations();
		expect(bundled.map((m) => m.tag).slice(0, 2)).toEqual([
			'0000_baseline',
			'0001_seed_plans_streams',
		]);
		expect(loadMigrations(readMigrationFiles())).toEqual(bundled);
	});

	it('refuses a journal whose timestamps do not increase (a clock that ran behind)', () => {
		const journal = JSON.stringify({
			entries: [
				{ tag: '0000_a', when: 200 },
				{ tag: '0001_b', when: 100 },
			],
		});
		const files = {
			'meta/_journal.json': journal,
			'0000_a.sql': 'SELECT 1',
			'0001_b.sql': 'SELECT 2',
		};
		expect(() => loadMigrations(files)).toThrow(/0001_b: its journal "when" must be later/);
	});

	it('refuses a journal entry whose file is missing', () => {
		const journal = JSON.stringify({ entries: [{ tag: '0000_gone', when: 1 }] });
		expect(() => loadMigrations({ 'meta/_journal.json': journal })).toThrow(/0000_gone\.sql/);
	});
});

describe('runMigrations', () => {
	let client: PGlite | undefined;
	afterEach(async () => {
		await client?.close();
		client = undefined;
	});

	async function tracked(c: PGlite) {
		const r = await c.query<{ hash: string; created_at: string }>(
			'SELECT hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id',
		);
		return r.rows.map((row) => ({ hash: row.hash, when: Number(row.created_at) }));
	}

	it('applies the committed migrations on a fresh database once, recorded as drizzle-kit does', async () => {
		client = new PGlite();
		await runMigrations(pgliteTarget(client));
		await runMigrations(pgliteTarget(client));
		expect(await tracked(client)).toEqual(
			loadMigrations().map((m) => ({ hash: m.hash, when: m.when })),
		);
		// Seeded once: 8 plans (0001) and the World Cup and Euro passes (0007).
		const plans = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM plans');
		expect(plans.rows[0]?.n).toBe(10);
	});

	it('applies only migrations newer than the last one recorded', async () => {
		client = new PGlite();
		const target = pgliteTarget(client);
		const first = migration(
			'0000_a',
			100,
			'CREATE TABLE t1 (x int);\n--> statement-breakpoint\nINSERT INTO t1 VALUES (1);',
		);
		const second = migration(
			'0001_b',
			200,
			"CREATE TABLE t2 (y text DEFAULT 'a$b') -- no semicolon, a comment",
		);
		await runMigrations(target, [first]);
		await runMigrations(target, [first, second]);
		await runMigrations(target, [first, second]);
		const rows = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM t1');
		expect(rows.rows[0]?.n).toBe(1);
		expect(await tracked(client)).toEqual([
			{ hash: first.hash, when: 100 },
			{ hash: second.hash, when: 200 },
		]);
	});

	it('rolls every pending migration back when one fails', async () => {
		client = new PGlite();
		const good = migration('0000_good', 100, 'CREATE TABLE t3 (x int);');
		const bad = migration(
			'0001_bad',
			200,
			'CREATE TABLE t4 (x int);\n--> statement-breakpoint\nSELECT * FROM missing_table;',
		);
		await expect(runMigrations(pgliteTarget(client), [good, bad])).rejects.toThrow(/missing_table/);
		const left = await client.query(
			`SELECT to_regclass('t3') AS t3, to_regclass('t4') AS t4, to_regclass('drizzle.__drizzle_migrations') AS tracking`,
		);
		expect(left.rows[0]).toEqual({ t3: null, t4: null, tracking: null });
	});
});
