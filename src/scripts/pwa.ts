/**
 * Registers the service worker (from pages that hydrate islands only: static pages stay
 * script-free, and one registration covers the whole origin) and announces a new version
 * instead of switching to it: the visitor reloads when they choose.
 */

function announce(worker: ServiceWorker): void {
	const banner = document.getElementById('update-banner');
	const button = document.getElementById('update-reload');
	if (!banner || !button) return;
	banner.hidden = false;
	button.addEventListener(
		'click',
		() => {
			reloadOnSwitch = true;
			worker.postMessage({ type: 'SKIP_WAITING' });
		},
		{ once: true },
	);
}

let reloadOnSwitch = false;

async function register(): Promise<void> {
	const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
	// Waiting already (installed while another tab was open): announce at once.
	if (registration.waiting && navigator.serviceWorker.controller) announce(registration.waiting);
	registration.addEventListener('updatefound', () => {
		const worker = registration.installing;
		worker?.addEventListener('statechange', () => {
			// Only an update is announced; the very first install has nothing to replace.
			if (worker.state === 'installed' && navigator.serviceWorker.controller) announce(worker);
		});
	});
	// Long-lived tabs look for a new version when they come back to the front.
	document.addEventListener('visibilitychange', () => {
		if (document.visibilityState === 'visible') registration.update().catch(() => {});
	});
}

if ('serviceWorker' in navigator && window.isSecureContext) {
	navigator.serviceWorker.addEventListener('controllerchange', () => {
		if (reloadOnSwitch) location.reload();
	});
	register().catch(() => {
		// No worker (private mode, blocked): the site works as before, online only.
	});
}
