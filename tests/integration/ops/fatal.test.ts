import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { isFatalDatabaseError } from '~/server/db/fatal';

const temp = mkdtempSync(join(tmpdir(), 'ops-fatal-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A PGlite folder whose control file is garbage: opening it aborts the WebAssembly runtime. */
async function damagedFolder(name: string): Promise<string> {
	const folder = join(temp, name);
	mkdirSync(folder, { recursive: true });
	const db = new PGlite(folder);
	await db.exec('CREATE TABLE t (x int)');
	await db.close();
	writeFileSync(join(folder, 'global', 'pg_control'), 'damaged');
	return folder;
}

describe('finding 1: a database that failed fatally', () => {
	it('finding 1: PGlite\'s "RuntimeError: Aborted()" is recognised as fatal; ordinary errors are not', async () => {
		const folder = await damagedFolder('recognise');
		const error = await new PGlite(folder).waitReady.then(
			() => undefined,
			(e: unknown) => e,
		);
		expect(isFatalDatabaseError(error)).toBe(true);
		expect(isFatalDatabaseError(new Error('duplicate key value violates unique constraint'))).toBe(
			false,
		);
	});

	it('finding 1: a process that meets an aborted database exits non-zero instead of serving on', async () => {
		const folder = await damagedFolder('exit');
		const fatal = join(process.cwd(), 'src', 'server', 'db', 'fatal.ts');
		// A real child process with a real abort: it must exit (code 70) before its timer fires.
		const script = `
			import { PGlite } from '@electric-sql/pglite';
			import { exitIfDatabaseDead } from ${JSON.stringify(fatal)};
			setTimeout(() => { console.log('still serving'); process.exit(0); }, 5000);
			try { await new PGlite(${JSON.stringify(folder)}).waitReady; } catch (error) { exitIfDatabaseDead(error); }
		`;
		const result = spawnSync(
			process.execPath,
			['--experimental-strip-types', '--input-type=module', '-e', script],
			{ encoding: 'utf8', timeout: 60_000, cwd: process.cwd() },
		);
		expect(result.stdout).not.toContain('still serving');
		expect(result.stderr).toContain('failed fatally');
		expect(result.status).toBe(70);
	});
});
