import { EMBED_MESSAGE } from '~/lib/embed';
import { localiseTimes } from './time-zone';

/**
 * Every widget: kick-offs in the host visitor's zone (no cookie), and its height posted to
 * the host page whenever it changes, for our loader script to size the frame (no scrollbar).
 * The height is no secret, so any host may hear it; the loader checks where it came from.
 */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
if (zone) localiseTimes(zone);
if (window.parent !== window) {
	let last = 0;
	// The widget's own box, not the document's: the page's layout may stretch <body> to the
	// frame's height, which would never let the frame shrink.
	const box = document.querySelector('.embed-root') ?? document.documentElement;
	const post = () => {
		const height = Math.ceil(box.getBoundingClientRect().bottom + window.scrollY);
		if (height === last) return;
		last = height;
		window.parent.postMessage({ type: EMBED_MESSAGE, height }, '*');
	};
	new ResizeObserver(post).observe(box);
	post();
}
