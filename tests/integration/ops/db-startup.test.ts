import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '~/server/db/client';
import { freePort, SITE_DIR, type Site, startSite, waitFor } from '../../helpers/site-process';
import { CuttableProxy } from '../../helpers/tcp-proxy';
import { seedMatches } from '../live/helpers';

// Issue 28/1: a worker (re)started while the database blinks must wait for it, not exit at
// once: the cluster would count it as a crash and restart it in a loop though PostgreSQL is
// back a second later. A database that stays away still ends in "Refusing to start".
// Needs a build (LIVE_SITE_DIR) and PostgreSQL (TEST_DATABASE_URL).
const PG = process.env.TEST_DATABASE_URL;
const built = Boolean(SITE_DIR && existsSync(join(SITE_DIR, 'server', 'ops.mjs')));

describe.skipIf(!built || !PG)('start-up while PostgreSQL cannot be reached', () => {
	const name = `startup_${Date.now().toString(36)}`;
	const dataDir = mkdtempSync(join(tmpdir(), 'db-startup-'));
	const sites: Site[] = [];
	let admin: import('postgres').Sql | undefined;
	let proxy: CuttableProxy | undefined;

	afterAll(async () => {
		await Promise.all(sites.map((s) => s.stop()));
		await proxy?.cut().catch(() => {});
		await admin?.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
		await admin?.end({ timeout: 5 });
		rmSync(dataDir, { recursive: true, force: true });
	});

	/** The database's address through a port of our choosing (nobody listens there yet). */
	async function unreachable(): Promise<{ url: string; port: number }> {
		const { default: postgres } = await import('postgres');
		admin ??= postgres(PG!, { max: 1, onnotice: () => {} });
		const direct = new URL(PG!);
		if (!(await admin`SELECT 1 FROM pg_database WHERE datname = ${name}`).length) {
			await admin.unsafe(`CREATE DATABASE ${name}`);
			direct.pathname = `/${name}`;
			// Migrated, with matches: a database with matches skips the first-start import.
			const handle = await openDatabase(direct.href);
			await seedMatches(handle, 2);
			await handle.close();
		}
		direct.pathname = `/${name}`;
		const port = await freePort();
		direct.hostname = '127.0.0.1';
		direct.port = String(port);
		return { url: direct.href, port };
	}

	it('waits for a database that comes back within seconds, then serves', {
		timeout: 90_000,
	}, async () => {
		const { url, port } = await unreachable();
		const target = new URL(PG!);
		proxy = new CuttableProxy(target.hostname, Number(target.port || 5432));
		proxy.port = port;
		const site = await startSite({ DATABASE_URL: url, DATA_DIR: dataDir });
		sites.push(site);
		// It meets the closed port and waits, saying so, rather than exiting.
		for (let i = 0; i < 300 && !site.output().includes('database not reachable yet'); i++) {
			if (site.proc.exitCode !== null) break;
			await new Promise((resolve) => setTimeout(resolve, 100));
		}
		expect(site.proc.exitCode, site.output()).toBeNull();
		expect(site.output()).toContain('database not reachable yet');
		await proxy.start();
		await waitFor(site, '/readyz');
		expect(site.output()).not.toContain('Refusing to start');
	});

	it('refuses, naming the database, when it stays away', { timeout: 90_000 }, async () => {
		const { url } = await unreachable();
		const site = await startSite({ DATABASE_URL: url, DATA_DIR: dataDir });
		sites.push(site);
		expect(await site.exited).toBe(1);
		expect(site.output()).toContain(
			'Refusing to start: the database in PostgreSQL (DATABASE_URL) could not be opened',
		);
		expect(site.output()).not.toMatch(/^\s+at /m);
	});
});
