import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** `npm run staff` as an operator runs it: Node with type stripping, a PGlite folder. */
function staff(args: string[], input?: string) {
	const run = spawnSync(
		process.execPath,
		['--experimental-strip-types', '--no-warnings', 'scripts/staff.ts', ...args],
		{
			cwd: process.cwd(),
			input,
			encoding: 'utf8',
			timeout: 120_000,
			env: {
				PATH: process.env.PATH ?? '',
				HOME: process.env.HOME ?? '',
				DATABASE_URL: join(dir, 'pglite'),
				DATA_DIR: dir,
				SITE_URL: 'http://matchday.test',
				AUTH_SECRET: 'test-secret-that-is-long-enough-for-hs256-0123456789',
				NODE_ENV: 'test',
			},
		},
	);
	return { code: run.status, out: run.stdout, err: run.stderr };
}

let dir = '';

describe('npm run staff', () => {
	beforeAll(() => {
		dir = mkdtempSync(join(tmpdir(), 'staff-cli-'));
	});
	afterAll(() => rmSync(dir, { recursive: true, force: true }));

	// Each run opens (and on the first, creates) the database: tens of seconds on a busy
	// machine, so the runs that need it are few and their limits generous.
	it('add prints a one-use set-password link; --password-stdin reads the password; list shows both', {
		timeout: 400_000,
	}, () => {
		const link = staff(['add', '--email', 'Chief@Example.com', '--role', 'admin']);
		expect(link.err).toBe('');
		expect(link.code).toBe(0);
		expect(link.out).toContain('Created chief@example.com as admin');
		expect(link.out).toMatch(/http:\/\/matchday\.test\/en\/auth\/reset-password\?token=[\w-]{20,}/);
		const stdin = staff(
			['add', '--email', 'scorer@example.com', '--role', 'scorer', '--password-stdin'],
			'a long stdin passphrase\n',
		);
		expect(stdin.code).toBe(0);
		expect(stdin.out).not.toContain('token=');
		expect(staff(['list']).out).toBe(
			'chief@example.com\tadmin\t(password not set)\nscorer@example.com\tscorer\n',
		);
	});

	it('refuses an unknown role and a missing address before touching the database', () => {
		const role = staff(['add', '--email', 'w@example.com', '--role', 'root']);
		expect(role.code).toBe(1);
		expect(role.err).toContain('--role must be one of admin, editor, scorer');
		const missing = staff(['remove']);
		expect(missing.code).toBe(1);
		expect(missing.err).toContain('--email is required');
	});
});
