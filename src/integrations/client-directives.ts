import type { AstroIntegration } from 'astro';
import { fileURLToPath } from 'node:url';

/**
 * The site's own hydration moments (src/scripts/directives/): `client:interaction`,
 * `client:follows` and `client:member`, for islands whose server HTML is already right
 * for most visitors. Astro inlines a directive's script into the pages that use it.
 */
export function clientDirectives(): AstroIntegration {
	return {
		name: 'matchday:client-directives',
		hooks: {
			'astro:config:setup': ({ addClientDirective }) => {
				for (const name of ['interaction', 'follows', 'member'])
					addClientDirective({
						name,
						entrypoint: fileURLToPath(new URL(`../scripts/directives/${name}.ts`, import.meta.url)),
					});
			},
		},
	};
}
