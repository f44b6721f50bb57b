/**
 * Loads React's production build into this process before the site's bundle imports React.
 *
 * React picks its build once, when first loaded, from `process.env.NODE_ENV`. Here NODE_ENV
 * says how strict the deployment is (src/server/config.ts: production requires AUTH_SECRET,
 * SITE_URL, a payment provider), and the embedded defaults of `npm start` leave it unset, so
 * the server rendered its islands with React's development build: prop checks, component
 * stacks and warnings on every render, about a third of an uncached page's CPU
 * (docs/benchmarks.md, "Uncached renders against Astro's floor"). A built site never wants
 * that build, whatever the deployment, so the modules the bundle imports are loaded here
 * with NODE_ENV=production for the moment of loading, and NODE_ENV is then put back.
 * The bundle's `import` of the same files finds them in the module cache.
 */
import { createRequire } from 'node:module';

/** Loads them as a module beside `entryUrl` (the built server's entry) would resolve them. */
export function loadReactProduction(entryUrl) {
	const require = createRequire(entryUrl);
	const deployment = process.env.NODE_ENV;
	process.env.NODE_ENV = 'production';
	try {
		for (const id of ['react', 'react/jsx-runtime', 'react-dom', 'react-dom/server']) require(id);
	} finally {
		if (deployment === undefined) delete process.env.NODE_ENV;
		else process.env.NODE_ENV = deployment;
	}
}
