// The smallest Astro 7 server app: the same adapter settings as the site, no middleware,
// no integrations, no data. bench/astro-floor.mjs builds and measures it.
import node from '@astrojs/node';
import { defineConfig } from 'astro/config';

export default defineConfig({
	output: 'server',
	outDir: process.env.ASTRO_OUT_DIR ?? './dist',
	adapter: node({ mode: 'standalone', experimentalDisableStreaming: true }),
	devToolbar: { enabled: false },
	telemetry: false,
});
