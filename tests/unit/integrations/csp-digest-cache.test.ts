import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { CSP_DIGESTS_KEPT, cachedCspDigestSource } from '~/integrations/csp-digest-cache';

// The build-time change to the installed Astro's CSP hashing (issue 18): it must still
// apply to the Astro in node_modules, and the wrapped function must give Astro's answers.
const require = createRequire(import.meta.url);
const file = join(dirname(require.resolve('astro/package.json')), 'dist/core/encryption.js');
const source = readFileSync(file, 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'csp-digest-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The changed module, loadable from a temporary folder (its imports made absolute). */
async function load(code: string) {
	const fromAstro = createRequire(file);
	const absolute = code
		.replace(
			/from\s+"([^".][^"]*)"/g,
			(_, bare: string) => `from "${pathToFileURL(fromAstro.resolve(bare)).href}"`,
		)
		.replace(
			/from\s+"(\.[^"]+)"/g,
			(_, rel: string) => `from "${pathToFileURL(join(dirname(file), rel)).href}"`,
		);
	const out = join(dir, `encryption-${Math.random().toString(36).slice(2)}.mjs`);
	writeFileSync(out, absolute);
	return (await import(pathToFileURL(out).href)) as {
		generateCspDigest(data: string, algorithm: string): Promise<string>;
	};
}

const sha256 = (text: string) => `sha256-${createHash('sha256').update(text).digest('base64')}`;

describe('the CSP digest cache', () => {
	it('applies to the installed Astro (an upgrade that changes the function fails here)', () => {
		expect(cachedCspDigestSource(source)).not.toBeNull();
		expect(cachedCspDigestSource('export const nothing = 1;')).toBeNull();
	});

	it('gives the same digests as Astro, computing each text once', async () => {
		const original = await load(source);
		const changed = await load(cachedCspDigestSource(source)!);
		for (const text of ['', 'body{margin:0}', 'document.documentElement.dataset.theme="dark"']) {
			expect(await changed.generateCspDigest(text, 'SHA-256')).toBe(
				await original.generateCspDigest(text, 'SHA-256'),
			);
			expect(await changed.generateCspDigest(text, 'SHA-256')).toBe(sha256(text));
		}
		// The second call for a text is the first call's answer, not a new digest.
		const a = changed.generateCspDigest('x', 'SHA-256');
		expect(changed.generateCspDigest('x', 'SHA-256')).toBe(a);
		expect(changed.generateCspDigest('x', 'SHA-384')).not.toBe(a);
	});

	it('stays right past its bound', async () => {
		const changed = await load(cachedCspDigestSource(source)!);
		const texts = Array.from({ length: CSP_DIGESTS_KEPT * 2 + 3 }, (_, i) => `t${i}`);
		const digests = await Promise.all(texts.map((t) => changed.generateCspDigest(t, 'SHA-256')));
		expect(digests).toEqual(texts.map(sha256));
	});
});
