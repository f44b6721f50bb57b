import type { AstroIntegration } from 'astro';

/**
 * Astro's CSP support hashes every style and script of a page's head on every render
 * (`createResult` awaits `crypto.subtle.digest` once per element: nine elements on home,
 * most of them the empty text of an external stylesheet). The inputs come from the build's
 * manifest, so the answers never change; asking again cost 7–8 % of an uncached home
 * page's CPU, mostly in the asynchronous job each digest starts (docs/benchmarks.md,
 * "Uncached renders against Astro's floor").
 *
 * This build-time change wraps Astro's `generateCspDigest` (core/encryption.js) in a
 * bounded map from (algorithm, text) to the digest's promise: the first render computes
 * each digest, later ones reuse it. Texts that differ per render (a server island's
 * encrypted props) only pass through the map, which is emptied when full. Same pattern as
 * island-styles-in-head.ts: if an Astro upgrade changes the function, the build fails here
 * rather than silently losing the change.
 */
const MODULE = /astro\/dist\/core\/encryption\.js$/;
const ORIGINAL = 'async function generateCspDigest(data, algorithm) {';
/** Distinct texts kept; the site's pages have a few dozen. */
export const CSP_DIGESTS_KEPT = 512;

export function cachedCspDigestSource(code: string): string | null {
	if (!code.includes(ORIGINAL)) return null;
	return `${code.replace(ORIGINAL, 'async function generateCspDigestUncached(data, algorithm) {')}
const cspDigests = new Map();
function generateCspDigest(data, algorithm) {
	const key = algorithm + '\\u0000' + data;
	let digest = cspDigests.get(key);
	if (digest === undefined) {
		if (cspDigests.size >= ${CSP_DIGESTS_KEPT}) cspDigests.clear();
		digest = generateCspDigestUncached(data, algorithm);
		cspDigests.set(key, digest);
		digest.catch(() => cspDigests.delete(key));
	}
	return digest;
}
`;
}

export function cspDigestCache(): AstroIntegration {
	return {
		name: 'matchday:csp-digest-cache',
		hooks: {
			'astro:config:setup': ({ updateConfig, command }) => {
				if (command !== 'build') return;
				updateConfig({
					vite: {
						plugins: [
							{
								name: 'matchday:csp-digest-cache',
								enforce: 'pre',
								transform(code, id) {
									if (!MODULE.test(id.split('?')[0] ?? '')) return null;
									const changed = cachedCspDigestSource(code);
									if (changed === null) {
										this.error(
											`${id} no longer defines "${ORIGINAL}": revisit src/integrations/csp-digest-cache.ts`,
										);
									}
									return { code: changed, map: null };
								},
							},
						],
					},
				});
			},
		},
	};
}
