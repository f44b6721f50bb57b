import { everyPage } from '../lib/every-page';

/**
 * The spec's lazy-image classes: an `img.lazyLoad` gets `isLoading` while it loads (once it
 * nears the viewport) and `isLoaded` when it has. The browser's own `loading="lazy"` does
 * the deferring; this only reports the state, so without JavaScript images simply show.
 */
export function initLazyImages(root: ParentNode = document): void {
	const images = root.querySelectorAll<HTMLImageElement>('img.lazyLoad:not(.isLoaded)');
	const track = (img: HTMLImageElement) => {
		const done = () => {
			img.classList.remove('isLoading');
			img.classList.add('isLoaded');
		};
		if (img.complete && img.naturalWidth > 0) return done();
		img.classList.add('isLoading');
		img.addEventListener('load', done, { once: true });
		img.addEventListener('error', () => img.classList.remove('isLoading'), { once: true });
	};
	if (!('IntersectionObserver' in window)) {
		for (const img of images) track(img);
		return;
	}
	const observer = new IntersectionObserver(
		(entries) => {
			for (const entry of entries) {
				if (!entry.isIntersecting) continue;
				observer.unobserve(entry.target);
				track(entry.target as HTMLImageElement);
			}
		},
		{ rootMargin: '200px' },
	);
	for (const img of images) observer.observe(img);
}

everyPage(() => initLazyImages());
