import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import lockfile from 'proper-lockfile';

/**
 * One process at a time on an embedded (PGlite) data folder: two PGlite instances writing
 * one folder destroy it. The lock is proper-lockfile's (an atomic `mkdir` of
 * `<folder>.lock`, kept fresh while held, released on exit); the holder's pid is written
 * beside it so the refusal can name the process.
 */
export class DataDirLockedError extends Error {
	readonly folder: string;
	readonly holder: number | undefined;

	// Plain fields, no parameter properties: scripts run this file under Node's type stripping.
	constructor(folder: string, holder: number | undefined) {
		super(
			`The database folder ${folder} is in use by another process${holder ? ` (pid ${holder})` : ''}. ` +
				'Stop that process first; two processes on one embedded database destroy it.',
		);
		this.name = 'DataDirLockedError';
		this.folder = folder;
		this.holder = holder;
	}
}

const lockPath = (folder: string) => `${folder}.lock`;
const ownerPath = (folder: string) => `${folder}.lock.pid`;

function holderOf(folder: string): number | undefined {
	try {
		const pid = Number(readFileSync(ownerPath(folder), 'utf8').trim());
		return Number.isInteger(pid) && pid > 0 ? pid : undefined;
	} catch {
		return undefined;
	}
}

function alive(pid: number): boolean {
	try {
		process.kill(pid, 0);
		return true;
	} catch (error) {
		return (error as NodeJS.ErrnoException).code === 'EPERM';
	}
}

/**
 * Takes the folder's lock or throws DataDirLockedError at once (no waiting). A lock left by
 * a process that no longer exists (killed with SIGKILL) is taken over. Returns the release.
 */
export async function lockDataDir(dir: string): Promise<() => Promise<void>> {
	const folder = resolve(dir);
	const options = {
		realpath: false,
		lockfilePath: lockPath(folder),
		retries: 0,
		// Staleness by age would let a second process take the lock from a live one whose
		// refresh timer ran late (a loaded machine): a lock is stale only when its recorded
		// holder is gone (checked below), so the age limit is set out of reach.
		stale: 24 * 60 * 60 * 1000,
		// Losing the lock (the folder was touched from outside) is fatal: stop writing at once.
		onCompromised: (error: Error) => {
			console.error(`[db] lock on ${folder} lost: ${error.message}; exiting`);
			process.exit(1);
		},
	};
	let release: () => Promise<void>;
	try {
		release = await lockfile.lock(folder, options);
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code !== 'ELOCKED') throw error;
		const holder = holderOf(folder);
		if (holder === undefined || holder === process.pid || alive(holder))
			throw new DataDirLockedError(folder, holder);
		// The recorded holder is gone: its lock is stale even if its mtime is recent.
		rmSync(lockPath(folder), { recursive: true, force: true });
		try {
			release = await lockfile.lock(folder, options);
		} catch {
			throw new DataDirLockedError(folder, holderOf(folder));
		}
	}
	writeFileSync(ownerPath(folder), `${process.pid}\n`);
	return async () => {
		rmSync(ownerPath(folder), { force: true });
		await release().catch(() => {});
	};
}
