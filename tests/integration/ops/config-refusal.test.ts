import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SITE_DIR, type Site, startSite } from '../../helpers/site-process';

// Issue 28/8: a bad setting the schema itself refuses (a short AUTH_SECRET, a malformed
// EMBED_ALLOWED_ORIGINS) must end in the operator's "Refusing to start" list naming it,
// not in a stack trace from whatever read the configuration first.
// Needs a build: ASTRO_OUT_DIR=dist npx astro build, then LIVE_SITE_DIR=dist.
const built = Boolean(SITE_DIR && existsSync(join(SITE_DIR, 'server', 'ops.mjs')));
const temp = mkdtempSync(join(tmpdir(), 'refusal-'));
const sites: Site[] = [];

afterAll(async () => {
	await Promise.all(sites.map((s) => s.stop()));
	rmSync(temp, { recursive: true, force: true });
});

async function refusal(env: Record<string, string>): Promise<string> {
	const site = await startSite({ DATA_DIR: temp, ...env });
	sites.push(site);
	expect(await site.exited).toBe(1);
	return site.output();
}

describe.skipIf(!built)('settings the schema refuses stop the start, listed by name', () => {
	it('a short AUTH_SECRET', { timeout: 60_000 }, async () => {
		const out = await refusal({ AUTH_SECRET: 'short' });
		expect(out).toContain('Refusing to start');
		expect(out).toMatch(/^\s+AUTH_SECRET: /m);
		expect(out).not.toMatch(/^\s+at /m);
		expect(out).not.toContain('Listening');
	});

	it('a bad EMBED_ALLOWED_ORIGINS, together with a short AUTH_SECRET', {
		timeout: 60_000,
	}, async () => {
		const out = await refusal({ AUTH_SECRET: 'short', EMBED_ALLOWED_ORIGINS: 'not-an-origin' });
		expect(out).toContain('Refusing to start');
		expect(out).toMatch(/^\s+AUTH_SECRET: /m);
		expect(out).toMatch(/^\s+EMBED_ALLOWED_ORIGINS\b/m);
		expect(out).not.toMatch(/^\s+at /m);
	});
});
