import type { AstroIntegration } from 'astro';

/**
 * Astro writes `<style>astro-island,astro-slot,astro-static-slot{display:contents}</style>`
 * in front of the first island of a page, which is inside <body>: the HTML standard allows
 * <style> only where metadata content goes, and the Nu checker reports "A style element in
 * body must be the first child of its parent" on every page with an island. Astro 7 has no
 * option for it (runtime/server/scripts.js, getPrescripts, writes it unconditionally).
 *
 * This build-time fix removes that one inline style from Astro's runtime as Vite bundles it;
 * the same rule lives in src/styles/global.css, which every layout loads in <head>. Nothing
 * runs per request, and the hydration scripts that follow are untouched. If an Astro upgrade
 * changes the code, the build fails here rather than silently bringing the error back
 * (tests/e2e/html-validity.spec.ts would catch it too).
 */
const MODULE = /astro\/dist\/runtime\/server\/scripts\.js$/;
// biome-ignore lint/suspicious/noTemplateCurlyInString: the literal text of Astro's runtime source, which the transform looks for
const INLINE_STYLE = '<style>${ISLAND_STYLES}</style>';

export function islandStylesInHead(): AstroIntegration {
	return {
		name: 'matchday:island-styles-in-head',
		hooks: {
			'astro:config:setup': ({ updateConfig }) => {
				updateConfig({
					vite: {
						plugins: [
							{
								name: 'matchday:island-styles-in-head',
								enforce: 'pre',
								transform(code, id) {
									if (!MODULE.test(id.split('?')[0] ?? '')) return null;
									if (!code.includes(INLINE_STYLE)) {
										this.error(
											`${id} no longer writes ${INLINE_STYLE}: revisit src/integrations/island-styles-in-head.ts`,
										);
									}
									return { code: code.replaceAll(INLINE_STYLE, ''), map: null };
								},
							},
						],
					},
				});
			},
		},
	};
}
