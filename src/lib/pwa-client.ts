import { isUncachedPath, PAGES_CACHE } from './pwa';

/**
 * Stores a page in the worker's page cache now, so it stays readable offline even if the
 * visitor never opens it again (a followed team's fixtures). No-op without the Cache API.
 */
export function keepForOffline(path: string): void {
	if (typeof caches === 'undefined' || isUncachedPath(path)) return;
	caches
		.open(PAGES_CACHE)
		.then((cache) => cache.add(new Request(path, { credentials: 'same-origin' })))
		.catch(() => {
			// Offline or quota: the page is simply not kept.
		});
}
