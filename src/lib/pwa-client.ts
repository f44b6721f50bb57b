import { isUncachedPath, PAGES_CACHE } from './pwa';

/**
 * Stores a page in the worker's page cache now, so it stays readable offline even if the
 * visitor never opens it again (a followed team's fixtures). No-op without the Cache API.
 */
export function keepForOffline(path: string): void {
	if (typeof caches === 'undefined' || isUncachedPath(path)) return;
	caches
		.open(PAGES_CACHE)
		// Without cookies: the guest's copy (never a member's page), and no cookie set.
		.then((cache) => cache.add(new Request(path, { credentials: 'omit' })))
		.catch(() => {
			// Offline or quota: the page is simply not kept.
		});
}

/** Drops every page the worker kept (logout: nothing of this visit stays readable). */
export async function forgetOfflinePages(): Promise<void> {
	if (typeof caches === 'undefined') return;
	await caches.delete(PAGES_CACHE).catch(() => false);
}
