/**
 * The script a page loads on first load, as a browser receives it: shared by the budget test
 * (tests/e2e/js-budget.spec.ts) and its benchmark (bench/js-weight.mjs), so both count alike.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

/** Brotli at quality 11, as scripts/static-files.mjs sends scripts. @param {Buffer} bytes */
export const brotliSize = (bytes) =>
	brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** @typedef {{ file: string; br: number; gz: number }} Chunk */

/**
 * Every script response Chromium sees while `url` loads (from a blank page, so nothing of
 * the page before is counted), until the load event and 2 s more (not 'networkidle': live
 * pages hold their event stream open; idle islands and the worker's registration run within
 * the 2 s). Sized from the build's file where there is one, else as sent (/embed.js).
 * Largest first.
 *
 * @param {import('@playwright/test').Page} page
 * @param {string} url
 * @param {string} outDir the build (`dist`)
 * @returns {Promise<{ status: number | undefined; chunks: Chunk[] }>}
 */
export async function scriptsOf(page, url, outDir) {
	/** @type {Map<string, Promise<Buffer | null>>} */
	const bodies = new Map();
	/** @param {import('@playwright/test').Response} r */
	const onResponse = (r) => {
		if (r.request().resourceType() === 'script')
			bodies.set(
				new URL(r.url()).pathname,
				r.body().catch(() => null),
			);
	};
	await page.goto('about:blank');
	page.on('response', onResponse);
	const response = await page.goto(url);
	await page.waitForLoadState('load');
	await page.waitForTimeout(2_000);
	page.off('response', onResponse);
	/** @type {Chunk[]} */
	const chunks = [];
	for (const [file, body] of bodies) {
		const disk = join(outDir, 'client', file);
		const bytes = existsSync(disk) ? readFileSync(disk) : await body;
		if (bytes)
			chunks.push({ file, br: brotliSize(bytes), gz: gzipSync(bytes, { level: 9 }).length });
	}
	return { status: response?.status(), chunks: chunks.sort((a, b) => b.br - a.br) };
}
