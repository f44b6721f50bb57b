import node from '@astrojs/node';
import partytown from '@astrojs/partytown';
import react from '@astrojs/react';
import { defineConfig, passthroughImageService } from 'astro/config';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { DEFAULT_LOCALE, LOCALES } from './src/i18n/locales';
import { MAX_IMAGE_BYTES } from './src/lib/limits';
import { clientDirectives } from './src/integrations/client-directives';
import { cspDigestCache } from './src/integrations/csp-digest-cache';
import { islandStylesInHead } from './src/integrations/island-styles-in-head';
import { serviceWorker } from './src/integrations/service-worker';

const site = process.env.SITE_URL ?? 'http://localhost:4321';

/**
 * The route cache's published face for the production front (src/server/front/cache.ts),
 * emitted as `server/front-cache.mjs` beside the server entry. scripts/serve.mjs imports
 * that file, the bundle's middleware imports the same chunks: one route cache per process,
 * through an import (see docs/architecture.md, "Route cache").
 */
function frontCacheEntry(): Plugin {
	return {
		name: 'matchday:front-cache-entry',
		apply: 'build',
		applyToEnvironment: (environment) => environment.name === 'ssr',
		buildStart() {
			this.emitFile({
				type: 'chunk',
				id: fileURLToPath(new URL('./src/server/front/cache.ts', import.meta.url)),
				fileName: 'front-cache.mjs',
				preserveSignature: 'strict',
			});
			// Operations (start-up checks, health, logs, metrics, shutdown), the same way.
			this.emitFile({
				type: 'chunk',
				id: fileURLToPath(new URL('./src/server/ops/front.ts', import.meta.url)),
				fileName: 'ops.mjs',
				preserveSignature: 'strict',
			});
		},
	};
}

export default defineConfig({
	site,
	output: 'server',
	// Several builds can live side by side (parallel work, benchmarks): ASTRO_OUT_DIR picks one.
	outDir: process.env.ASTRO_OUT_DIR ?? './dist',
	// Streaming off: a page is rendered whole before its status is sent, so a failure in any
	// component becomes our 500 page instead of a 200 with truncated HTML. Pages are small.
	// Middleware mode: scripts/serve.mjs is the server, and serves the static files itself
	// (from memory, compressed) so that pages skip the adapter's per-request file check.
	adapter: node({
		mode: 'middleware',
		// The largest any route takes (the image upload); each path's own, smaller limit is
		// applied before this one (src/lib/limits.ts `bodyLimitFor`, scripts/serve.mjs).
		bodySizeLimit: MAX_IMAGE_BYTES,
		experimentalDisableStreaming: true,
	}),
	// Partytown injects a snippet into every page, so it is only built in when GTM_ID is set:
	// without it no page carries any third-party or analytics script.
	integrations: [
		// Islands are React 19 components, rendered by React on the server and hydrated by
		// react-dom/client in the browser (one shared runtime chunk; docs/architecture.md).
		react(),
		// client:interaction, client:follows and client:member (src/scripts/directives/).
		clientDirectives(),
		// Astro's inline island style would land in <body> (invalid HTML): see the module.
		islandStylesInHead(),
		// Astro hashes each head element for the CSP on every render: once is enough (see the module).
		cspDigestCache(),
		// The offline app's worker, after the build (docs/pwa.md).
		serviceWorker(),
		...(process.env.GTM_ID ? [partytown({ config: { forward: ['dataLayer.push'] } })] : []),
	],
	// Routing is ours (src/middleware/locale.ts): the spec's cookie-then-browser order and
	// "redirect unprefixed pages" rule are not what Astro's automatic mode does.
	i18n: {
		locales: [...LOCALES],
		defaultLocale: DEFAULT_LOCALE,
		routing: 'manual',
	},
	trailingSlash: 'ignore',
	// No on-demand image work for anonymous requests (finding 11): the `/_image` route answers
	// 404 (src/server/image-endpoint.ts), and the passthrough service keeps sharp out of the
	// server bundle. No page uses <Image>; one that does gets its sizes made by the build.
	image: {
		service: passthroughImageService(),
		endpoint: { route: '/_image', entrypoint: './src/server/image-endpoint.ts' },
	},
	vite: { plugins: [frontCacheEntry()] },
	server: { host: process.env.HOST ?? '127.0.0.1', port: Number(process.env.PORT ?? 4321) },
	security: {
		checkOrigin: true,
		csp: {
			directives: [
				"default-src 'self'",
				"img-src 'self' data: blob:",
				"media-src 'self' blob:",
				"connect-src 'self'",
				"font-src 'self'",
				"object-src 'none'",
				"base-uri 'none'",
				"form-action 'self'",
				"worker-src 'self' blob:",
			],
		},
	},
	// Styles are files, never inline <style>: the CSP lists hashes of a page's inline styles
	// in that page's header, and client navigation (ClientRouter, interactive pages) brings a
	// second page's head into the first page's document, whose CSP would refuse its inline
	// styles. Files are allowed by 'self' on every page, and cached across pages.
	build: { inlineStylesheets: 'never' },
	prefetch: false,
	devToolbar: { enabled: false },
});
