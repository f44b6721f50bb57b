/**
 * Behaviour shared by every page that hydrates islands (pages without islands never load
 * this): online/offline status, and recovery from a stale script chunk after a deploy.
 * (Lazy-image classes come with the images: src/scripts/lazy-images.ts.)
 */
import { RELOAD_GUARD_MS, shouldReloadForChunkError } from '../lib/chunk-reload';
import { $online } from '../stores/online';

function trackOnline(): void {
	const banner = document.getElementById('offline-banner');
	const apply = (online: boolean) => {
		$online.set(online);
		if (banner) banner.hidden = online;
		document.documentElement.dataset.online = String(online);
	};
	apply(navigator.onLine);
	addEventListener('online', () => apply(true));
	addEventListener('offline', () => apply(false));
}

function reloadOnChunkError(): void {
	const reload = (reason: unknown) => {
		const last = Number(sessionStorage.getItem('chunk-reload-at') ?? 0);
		if (!shouldReloadForChunkError(reason, last, Date.now())) return;
		sessionStorage.setItem('chunk-reload-at', String(Date.now()));
		location.reload();
	};
	addEventListener('vite:preloadError', (event) =>
		reload((event as Event & { payload?: unknown }).payload),
	);
	addEventListener('unhandledrejection', (event) => reload(event.reason));
}

trackOnline();
reloadOnChunkError();
export { RELOAD_GUARD_MS };
