/// <reference types="vitest/config" />
import { getViteConfig } from 'astro/config';

// Through Astro's Vite config so `astro:*` virtual modules and import.meta.glob resolve in
// tests exactly as in the site.
export default getViteConfig({
	test: {
		include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
		environment: 'node',
		testTimeout: 60_000,
		hookTimeout: 60_000,
		pool: 'forks',
		reporters: process.env.CI_REPORT
			? ['default', ['json', { outputFile: 'reports/vitest.json' }]]
			: ['default'],
	},
});
