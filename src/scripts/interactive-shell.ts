/**
 * Behaviour shared by every page that hydrates islands (pages without islands never load
 * this): online/offline status, lazy-image classes, and recovery from a stale script
 * chunk after a deploy.
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

function lazyImages(): void {
	const images = document.querySelectorAll<HTMLImageElement>('img.lazyLoad:not(.isLoaded)');
	const load = (img: HTMLImageElement) => {
		img.classList.add('isLoading');
		const done = () => {
			img.classList.remove('isLoading');
			img.classList.add('isLoaded');
		};
		if (img.dataset.src) img.src = img.dataset.src;
		if (img.complete && img.naturalWidth > 0) done();
		else img.addEventListener('load', done, { once: true });
	};
	if (!('IntersectionObserver' in window)) return images.forEach(load);
	const observer = new IntersectionObserver(
		(entries) => {
			for (const entry of entries) {
				if (!entry.isIntersecting) continue;
				observer.unobserve(entry.target);
				load(entry.target as HTMLImageElement);
			}
		},
		{ rootMargin: '200px' },
	);
	images.forEach((img) => observer.observe(img));
}

function reloadOnChunkError(): void {
	const reload = (reason: unknown) => {
		const last = Number(sessionStorage.getItem('chunk-reload-at') ?? 0);
		if (!shouldReloadForChunkError(reason, last, Date.now())) return;
		sessionStorage.setItem('chunk-reload-at', String(Date.now()));
		location.reload();
	};
	addEventListener('vite:preloadError', (event) => reload((event as Event & { payload?: unknown }).payload));
	addEventListener('unhandledrejection', (event) => reload(event.reason));
}

trackOnline();
lazyImages();
reloadOnChunkError();
export { RELOAD_GUARD_MS };
