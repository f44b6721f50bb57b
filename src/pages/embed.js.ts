import type { APIRoute } from 'astro';
import { EMBED_LOADER } from '~/lib/embed-loader';

/** The widgets' loader script (src/lib/embed-loader.ts): loaded by other sites' pages. */
export const GET: APIRoute = () =>
	new Response(EMBED_LOADER, {
		headers: {
			'Content-Type': 'text/javascript; charset=utf-8',
			'Cache-Control': 'public, max-age=3600',
			// Other sites load it (no-cors): our default same-origin policy would block it.
			'Cross-Origin-Resource-Policy': 'cross-origin',
		},
	});
