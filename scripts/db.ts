/**
 * The embedded database's maintenance commands (PGlite only; PostgreSQL has pg_dump):
 *
 *   npm run db:backup [-- <file>]           dump the data folder to a .tar.gz (default
 *                                           DATA_DIR/backups/pglite-<time>.tar.gz)
 *   npm run db:restore -- <file> [--yes]    replace the data folder with a backup (the old
 *                                           folder is kept beside it, renamed)
 *   npm run db:reset [-- --yes]             delete the data folder (asks first; --yes for
 *                                           scripts); the next start creates it afresh
 *
 * Each takes the folder's lock first, so none runs while the server has the database open.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { register } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { createInterface } from 'node:readline/promises';

register('./ts-resolve.mjs', import.meta.url);

const { PGlite } = await import('@electric-sql/pglite');
const { config } = await import('../src/server/config.ts');
const { pgliteFolder } = await import('../src/server/db/client.ts');
const { lockDataDir, DataDirLockedError } = await import('../src/server/db/data-lock.ts');

const [command, ...rest] = process.argv.slice(2);
const yes = rest.includes('--yes') || rest.includes('-y');
const file = rest.find((a) => !a.startsWith('-'));

function fail(message: string): never {
	process.stderr.write(`${message}\n`);
	process.exit(1);
}

async function confirm(question: string): Promise<boolean> {
	if (yes) return true;
	if (!process.stdin.isTTY) fail(`${question}\nNot a terminal: add --yes to confirm.`);
	const rl = createInterface({ input: process.stdin, output: process.stdout });
	const answer = await rl.question(`${question} [y/N] `);
	rl.close();
	return /^y(es)?$/i.test(answer.trim());
}

const url = config().DATABASE_URL;
if (url && /^(postgres(ql)?|memory):\/\//.test(url))
	fail(
		`DATABASE_URL is ${url.split(':')[0]}: these commands are for the embedded database (use pg_dump for PostgreSQL).`,
	);
const folder = resolve(pgliteFolder(url));

let unlock: () => Promise<void>;
try {
	mkdirSync(dirname(folder), { recursive: true });
	unlock = await lockDataDir(folder);
} catch (error) {
	fail(error instanceof DataDirLockedError ? error.message : String(error));
}

const hasData = () => existsSync(join(folder, 'PG_VERSION'));

try {
	if (command === 'backup') {
		if (!hasData()) fail(`No database in ${folder} to back up.`);
		const target = resolve(
			file ??
				join(
					config().DATA_DIR,
					'backups',
					`pglite-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
				),
		);
		const db = new PGlite(folder);
		// dumpDataDir before the instance is ready never settles (PGlite 0.5).
		await db.waitReady;
		const dump = await db.dumpDataDir('gzip');
		await db.close();
		mkdirSync(dirname(target), { recursive: true });
		writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
		console.log(`Backed up ${folder} to ${target}`);
	} else if (command === 'restore') {
		if (!file) fail('Usage: npm run db:restore -- <backup.tar.gz> [--yes]');
		const source = resolve(file);
		if (!existsSync(source)) fail(`No backup at ${source}.`);
		if (hasData() && !(await confirm(`Replace the database in ${folder} with ${source}?`)))
			fail('Nothing changed.');
		const aside = `${folder}.before-restore-${Date.now()}`;
		if (existsSync(folder)) renameSync(folder, aside);
		mkdirSync(folder, { recursive: true });
		try {
			const db = new PGlite(folder, { loadDataDir: new Blob([readFileSync(source)]) });
			await db.query('SELECT 1');
			await db.close();
		} catch (error) {
			rmSync(folder, { recursive: true, force: true });
			if (existsSync(aside)) renameSync(aside, folder);
			fail(
				`Could not restore ${source}: ${(error as Error).message}. The database was left as it was.`,
			);
		}
		console.log(
			`Restored ${source} into ${folder}${existsSync(aside) ? ` (the previous folder is ${aside})` : ''}`,
		);
	} else if (command === 'reset') {
		if (!existsSync(folder)) {
			console.log(`No database in ${folder}; nothing to reset.`);
		} else if (
			await confirm(
				`Delete the database in ${folder}? Accounts, payments and imported data are lost.`,
			)
		) {
			rmSync(folder, { recursive: true, force: true });
			console.log(`Deleted ${folder}; the next start creates a fresh database.`);
		} else {
			fail('Nothing deleted.');
		}
	} else {
		fail('Usage: node scripts/db.ts backup [file] | restore <file> [--yes] | reset [--yes]');
	}
} finally {
	await unlock();
}
