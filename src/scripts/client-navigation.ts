/**
 * Client navigation between interactive pages (Astro's <ClientRouter />, in their head):
 * the live connection and the stores live on across pages, and a thin bar shows progress.
 * Static pages have no router, so going to or from one is an ordinary page load.
 */
import {
	PROGRESS_HIDE_DELAY_MS,
	PROGRESS_THROTTLE_MS,
	progressAt,
} from '../lib/navigation-progress';

function progressBar(): void {
	let started = 0;
	let frame = 0;
	let hide: ReturnType<typeof setTimeout> | undefined;
	// Looked up each time: it persists across swaps (transition:persist) but is found anew.
	const bar = () => document.getElementById('nav-progress');
	const show = (percent: number) => {
		const el = bar();
		if (!el) return;
		el.hidden = percent === 0;
		el.style.setProperty('--progress', `${percent}%`);
		el.setAttribute('aria-valuenow', String(percent));
	};
	const tick = () => {
		show(progressAt(performance.now() - started));
		frame = requestAnimationFrame(tick);
	};
	document.addEventListener('astro:before-preparation', () => {
		clearTimeout(hide);
		cancelAnimationFrame(frame);
		started = performance.now();
		frame = requestAnimationFrame(tick);
	});
	document.addEventListener('astro:after-swap', () => {
		cancelAnimationFrame(frame);
		// A bar that never showed (under the throttle) stays hidden.
		if (performance.now() - started < PROGRESS_THROTTLE_MS) return show(0);
		show(100);
		hide = setTimeout(() => show(0), PROGRESS_HIDE_DELAY_MS);
	});
}

/**
 * Forms stay real form posts: they work without JavaScript, set cookies, and may redirect
 * to a payment provider's page, which a fetch made by the router could not follow. The
 * router skips a form marked `data-astro-reload`; marking happens before it looks.
 */
function nativeForms(): void {
	document.addEventListener(
		'submit',
		(event) => {
			if (event.target instanceof HTMLFormElement) event.target.dataset.astroReload = '';
		},
		{ capture: true },
	);
}

/**
 * A link marked `data-keep-scroll` (date strip, seasons, filters) keeps the scroll
 * position; every other navigation starts at the top, or at the link's #target.
 */
function keepScroll(): void {
	let keep: number | null = null;
	document.addEventListener('astro:before-preparation', (event) => {
		const source = (event as Event & { sourceElement?: Element }).sourceElement;
		keep = source?.closest('[data-keep-scroll]') ? window.scrollY : null;
	});
	// After the router's own scroll to the top, before the new page is painted.
	document.addEventListener('astro:after-swap', () => {
		if (keep !== null) window.scrollTo({ top: keep, behavior: 'instant' });
		keep = null;
	});
}

progressBar();
nativeForms();
keepScroll();
