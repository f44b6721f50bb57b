import type { APIRoute } from 'astro';

/**
 * Astro's `/_image` route, turned off (finding 11). The stock endpoint transforms any local
 * file on request (`/_image?href=/og-image.png&w=1200&f=avif&q=100` cost ~5 s of CPU each,
 * uncached, and `f=png` of an SVG threw a 500): four anonymous requests stalled the site.
 * No page uses `<Image>` or `getImage()`, so the build pre-generates nothing and there is
 * nothing this route should serve: every request gets a 404 without touching a file.
 * A page that starts using `<Image>` gets its sizes generated at build time instead.
 */
export const GET: APIRoute = () =>
	new Response('Not found: on-demand image transformation is off.', {
		status: 404,
		headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' },
	});

export const ALL: APIRoute = GET;
