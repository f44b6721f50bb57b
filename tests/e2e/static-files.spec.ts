import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { raw, type Raw } from './raw-http';

// The build's static files, served from memory by the production server's front
// (scripts/static-files.mjs): compressed when the browser accepts it, cached for a year
// when the name is hashed, revalidated by ETag, and nothing but those exact files.

/** A script bundle the pricing page loads (its React island). */
async function someBundle(baseURL: string): Promise<string> {
	const html = (
		await raw(baseURL, '/en/pricing', { Cookie: 'i18n_redirected=en' })
	).body.toString();
	const path = /["'](\/_astro\/[^"']+\.js)["']/.exec(html)?.[1];
	expect(path, 'the pricing page references a bundle').toBeTruthy();
	return path!;
}

test('a bundle goes out in brotli or gzip when accepted, the same bytes once decoded, cached for a year', async ({
	baseURL,
}) => {
	const path = await someBundle(baseURL!);
	const plain = await raw(baseURL!, path);
	expect(plain.status).toBe(200);
	expect(plain.headers['content-encoding']).toBeUndefined();
	expect(plain.headers['content-type']).toMatch(/^text\/javascript/);
	expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
	expect(plain.headers['vary']).toBe('Accept-Encoding');
	expect(plain.headers['x-content-type-options']).toBe('nosniff');
	expect(Number(plain.headers['content-length'])).toBe(plain.body.length);

	// Compressed copies are made off the event loop at start-up: wait for this one if need be.
	let br: Raw | undefined;
	for (let i = 0; i < 50 && br?.headers['content-encoding'] !== 'br'; i++) {
		br = await raw(baseURL!, path, { 'Accept-Encoding': 'gzip, deflate, br' });
		if (br.headers['content-encoding'] !== 'br') await new Promise((r) => setTimeout(r, 50));
	}
	expect(br!.headers['content-encoding']).toBe('br');
	expect(br!.body.length).toBeLessThan(plain.body.length);
	expect(brotliDecompressSync(br!.body).equals(plain.body)).toBe(true);
	expect(br!.headers['etag']).not.toBe(plain.headers['etag']);

	let gz: Raw | undefined;
	for (let i = 0; i < 50 && gz?.headers['content-encoding'] !== 'gzip'; i++) {
		gz = await raw(baseURL!, path, { 'Accept-Encoding': 'gzip' });
		if (gz.headers['content-encoding'] !== 'gzip') await new Promise((r) => setTimeout(r, 50));
	}
	expect(gunzipSync(gz!.body).equals(plain.body)).toBe(true);

	// Refused encodings are respected.
	const refused = await raw(baseURL!, path, { 'Accept-Encoding': 'br;q=0, gzip;q=0' });
	expect(refused.headers['content-encoding']).toBeUndefined();
	expect(refused.body.equals(plain.body)).toBe(true);
});

test('a matching ETag answers 304 with no body; HEAD answers headers only', async ({ baseURL }) => {
	const path = await someBundle(baseURL!);
	const first = await raw(baseURL!, path);
	const again = await raw(baseURL!, path, { 'If-None-Match': String(first.headers['etag']) });
	expect(again.status).toBe(304);
	expect(again.body.length).toBe(0);
	expect(again.headers['etag']).toBe(first.headers['etag']);
	const other = await raw(baseURL!, path, { 'If-None-Match': '"something-else"' });
	expect(other.status).toBe(200);

	const head = await raw(baseURL!, '/favicon.svg', {}, 'HEAD');
	expect(head.status).toBe(200);
	expect(head.headers['content-type']).toBe('image/svg+xml');
	expect(Number(head.headers['content-length'])).toBeGreaterThan(0);
	expect(head.body.length).toBe(0);
	// Not a hashed name: cached briefly, not for a year.
	expect(head.headers['cache-control']).toBe('public, max-age=3600');
});

test('only the build files are reachable: traversal and unknown names get the 404 page, bad encodings 400', async ({
	baseURL,
}) => {
	for (const path of [
		'/_astro/../server/entry.mjs',
		'/_astro/%2e%2e/server/entry.mjs',
		'/_astro/..%2fserver%2fentry.mjs',
		'/../dist/server/entry.mjs',
		'/server/entry.mjs',
		'/_astro/nope.js',
	]) {
		const response = await raw(baseURL!, path);
		expect(response.status, path).toBe(404);
		expect(response.body.toString(), path).not.toContain('createApp');
	}
	expect((await raw(baseURL!, '/_astro/%E0%A4%A.js')).status).toBe(400);
});

test('every bundle a page loads in the browser is served compressed', async ({ page, baseURL }) => {
	const loaded = new Set<string>();
	page.on('response', (response) => {
		const { pathname } = new URL(response.url());
		if (pathname.startsWith('/_astro/')) loaded.add(pathname);
	});
	await page.goto('/en/pricing');
	await page.waitForLoadState('networkidle');
	expect(loaded.size).toBeGreaterThan(1);
	let checked = 0;
	for (const path of loaded) {
		const plain = await raw(baseURL!, path);
		if (plain.body.length < 1024) continue; // Too small to be worth it: sent as it is.
		checked++;
		// Copies are made at start-up, one file at a time: wait for this one if need be.
		let br = await raw(baseURL!, path, { 'Accept-Encoding': 'br' });
		for (let i = 0; i < 100 && br.headers['content-encoding'] !== 'br'; i++) {
			await new Promise((r) => setTimeout(r, 50));
			br = await raw(baseURL!, path, { 'Accept-Encoding': 'br' });
		}
		expect(br.headers['content-encoding'], path).toBe('br');
		expect(brotliDecompressSync(br.body).equals(plain.body), path).toBe(true);
	}
	expect(checked).toBeGreaterThan(0);
});
