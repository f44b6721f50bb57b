/**
 * Names shared by the service worker (src/sw/sw.ts) and the pages: the page cache the worker
 * fills network-first, and which the follow button adds a followed team's page to.
 */
export const PAGES_CACHE = 'matchday-pages-v1';

/** Pages the worker keeps at most, and for how long (docs/pwa.md). */
export const PAGES_MAX_ENTRIES = 60;
export const PAGES_MAX_AGE_S = 7 * 24 * 3600;

/**
 * Paths never cached or served by the worker: the API and the SSE stream (never stale as
 * live), media, and pages that are personal or change state.
 */
export function isUncachedPath(pathname: string): boolean {
	return (
		pathname.startsWith('/api/') ||
		pathname.startsWith('/media/') ||
		pathname.startsWith('/crest/') ||
		/^\/[a-z]{2}\/(account|login|register|auth|cms|payment|checkout|embed)(\/|$)/.test(pathname) ||
		/\.(m3u8|ts|mp4|m4s|webm|mp3|aac|jpg|jpeg|png|webp|avif|gif)$/i.test(pathname)
	);
}

/**
 * Whether the worker may keep an answer: only a public one. A signed-in visitor's page says
 * `private, no-store` (middleware/auth.ts), and a copy of it served after logout, offline or
 * on a slow network, would show one member's page to whoever uses the browser next.
 */
export function mayKeepResponse(status: number, cacheControl: string | null): boolean {
	if (status !== 200) return false;
	const directives = (cacheControl ?? '').toLowerCase();
	return !/(^|[\s,])(private|no-store)([\s,=]|$)/.test(directives);
}
