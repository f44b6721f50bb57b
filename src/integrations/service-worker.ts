import { createHash } from 'node:crypto';
import { readdirSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { build } from 'esbuild';
import { injectManifest } from 'workbox-build';
import { LOCALES } from '../i18n/locales';

/**
 * Builds the service worker after Astro's build (docs/pwa.md): esbuild bundles src/sw/sw.ts
 * with its Workbox modules, then workbox-build's injectManifest writes `sw.js` into the
 * client folder with the precache list: the app shell (hashed scripts and styles, icons)
 * and the offline page of every language. (@vite-pwa/astro is not used: its peer range
 * stops at Astro 5.)
 */
export function serviceWorker(): AstroIntegration {
	let clientDir = '';
	return {
		name: 'matchday:service-worker',
		hooks: {
			'astro:config:done': ({ config }) => {
				clientDir = fileURLToPath(config.build.client);
			},
			'astro:build:done': async ({ logger }) => {
				const bundled = `${clientDir}/sw.src.js`;
				await build({
					entryPoints: [fileURLToPath(new URL('../sw/sw.ts', import.meta.url))],
					outfile: bundled,
					bundle: true,
					format: 'iife',
					minify: true,
					target: 'es2022',
					define: { 'process.env.NODE_ENV': '"production"' },
					logLevel: 'warning',
				});
				// The offline pages are server-rendered, so they carry a revision of their own:
				// the build's assets change whenever their markup or styles can have changed.
				const assets = readdirSync(`${clientDir}/_astro`).sort().join('\n');
				const revision = createHash('sha256').update(assets).digest('hex').slice(0, 16);
				const { count, size, warnings } = await injectManifest({
					swSrc: bundled,
					swDest: `${clientDir}/sw.js`,
					globDirectory: clientDir,
					globPatterns: ['_astro/**/*.{js,css}', 'favicon.svg', 'icons/*.png'],
					// The video player's chunk is large and only for video pages: not shell.
					globIgnores: ['sw.src.js', 'sw.js', '_astro/**/*hls*'],
					// Hashed names need no revision: the URL changes with the content.
					dontCacheBustURLsMatching: /^_astro\//,
					additionalManifestEntries: LOCALES.map((l) => ({ url: `/${l}/offline`, revision })),
					modifyURLPrefix: { '': '/' },
				});
				rmSync(bundled);
				for (const w of warnings) logger.warn(w);
				logger.info(`sw.js: ${count} files precached (${Math.round(size / 1024)} KB)`);
			},
		},
	};
}
