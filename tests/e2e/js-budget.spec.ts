import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';

/**
 * The JavaScript budget (issue 12). Stated sizes are gzip bytes:
 * - every interactive page loads at most 75 KB of script in all, client router, Preact's
 *   runtime with its React compat layer, the stores and the islands included (the islands
 *   are written against React's API; Preact runs them in about 11 KB instead of React 19's
 *   64 KB, see docs/architecture.md);
 * - any single client chunk: 40 KB;
 * - the HLS player chunk (hls.js), loaded only on pages that play video: 180 KB.
 * Static pages carry no script at all (static-pages.spec.ts).
 */
const CHUNK_LIMIT = 40 * 1024;
const HLS_CHUNK_LIMIT = 180 * 1024;
const INTERACTIVE_LIMIT = 75 * 1024;
const PAGE_LIMITS: Record<string, number> = Object.fromEntries(
	['/en', '/en/live-matches', '/en/pricing', '/en/login', '/en/league/premier-league'].map((p) => [
		p,
		INTERACTIVE_LIMIT,
	]),
);

const outDir = process.env.ASTRO_OUT_DIR ?? 'dist';
const assets = join(outDir, 'client', '_astro');

test('every client chunk stays within its budget', () => {
	expect(existsSync(assets), `${assets} exists (run the build first)`).toBe(true);
	const over = readdirSync(assets)
		.filter((f) => f.endsWith('.js'))
		.map((f) => {
			const source = readFileSync(join(assets, f));
			const isHls = f.toLowerCase().includes('hls') || source.includes('hlsjs');
			return {
				file: f,
				gzip: gzipSync(source).length,
				limit: isHls ? HLS_CHUNK_LIMIT : CHUNK_LIMIT,
			};
		})
		.filter((c) => c.gzip > c.limit);
	expect(over).toEqual([]);
});

for (const [path, limit] of Object.entries(PAGE_LIMITS)) {
	test(`${path} loads at most ${limit / 1024} KB of gzipped JavaScript`, async ({ page }) => {
		const scripts = new Set<string>();
		page.on('response', (response) => {
			if (response.request().resourceType() === 'script')
				scripts.add(new URL(response.url()).pathname);
		});
		const response = await page.goto(path);
		test.skip(response?.status() === 404, `${path} does not exist yet`);
		await page.waitForLoadState('networkidle');
		let total = 0;
		for (const script of scripts) {
			const file = join(outDir, 'client', script);
			if (existsSync(file)) total += gzipSync(readFileSync(file)).length;
		}
		test.info().annotations.push({ type: 'gzip', description: `${(total / 1024).toFixed(1)} KB` });
		expect(total).toBeLessThanOrEqual(limit);
	});
}
