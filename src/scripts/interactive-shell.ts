/**
 * Behaviour shared by every page that hydrates islands (pages without islands never load
 * this): online/offline status, and recovery from a stale script chunk after a deploy.
 * (Lazy-image classes come with the images: src/scripts/lazy-images.ts.)
 */
import { RELOAD_GUARD_MS, shouldReloadForChunkError } from '../lib/chunk-reload';
import { $online } from '../stores/online';

function trackOnline(): void {
	const apply = (online: boolean) => {
		$online.set(online);
		// Looked up each time: client navigation swaps the page it is in.
		const banner = document.getElementById('offline-banner');
		if (banner) banner.hidden = online;
		document.documentElement.dataset.online = String(online);
	};
	apply(navigator.onLine);
	addEventListener('online', () => apply(true));
	addEventListener('offline', () => apply(false));
	document.addEventListener('astro:after-swap', () => apply(navigator.onLine));
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
