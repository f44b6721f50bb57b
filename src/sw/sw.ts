/**
 * The service worker, bundled by src/integrations/service-worker.ts (esbuild) and given its
 * precache list by workbox-build's injectManifest at build time. Strategy: docs/pwa.md.
 * Never routes /api/ (the SSE stream included) or media: those go to the network untouched.
 */
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
	addPlugins,
	cleanupOutdatedCaches,
	matchPrecache,
	precacheAndRoute,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { LOCALES } from '../i18n/locales';
import {
	isUncachedPath,
	mayKeepResponse,
	PAGES_CACHE,
	PAGES_MAX_AGE_S,
	PAGES_MAX_ENTRIES,
} from '../lib/pwa';
import { markSavedCopy } from './saved-copy';

/** The few worker APIs used here (the project's TypeScript has the DOM library, not WebWorker's). */
interface WorkerScope {
	__WB_MANIFEST: Array<{ url: string; revision: string | null }>;
	location: Location;
	skipWaiting(): Promise<void>;
	registration: {
		showNotification(title: string, options?: Record<string, unknown>): Promise<void>;
		pushManager: { getSubscription(): Promise<PushSubscription | null> };
	};
	clients: {
		matchAll(o: { type: string; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
		openWindow(url: string): Promise<unknown>;
		claim(): Promise<void>;
	};
	addEventListener(type: string, listener: (event: never) => void): void;
}
interface WindowClientLike {
	url: string;
	focus(): Promise<unknown>;
	navigate(url: string): Promise<unknown>;
}
interface ExtendableEvent {
	waitUntil(promise: Promise<unknown>): void;
}

declare const self: WorkerScope;

// Precaching fetches the offline page of every locale in the background: without cookies,
// so that neither the visitor's language cookie (the last locale fetched would win) nor any
// other state changes, and what is stored is the page any guest gets.
addPlugins([
	{ requestWillFetch: async ({ request }) => new Request(request, { credentials: 'omit' }) },
]);
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until the visitor clicks "reload" in the page (src/scripts/pwa.ts):
// nothing switches under a page that is being read.
self.addEventListener('message', (event: { data?: { type?: string } }) => {
	if (event.data?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// The first worker takes the open tabs at once, so the page that installed it is already
// readable offline; later versions wait for SKIP_WAITING above.
self.addEventListener('activate', (event: ExtendableEvent) => {
	event.waitUntil(self.clients.claim());
});

const pages = new NetworkFirst({
	cacheName: PAGES_CACHE,
	// A slow network is not an offline one: wait a while before falling back to a copy.
	networkTimeoutSeconds: 6,
	plugins: [
		// Past the browser's HTTP cache: the pages' stale-while-revalidate would otherwise answer
		// "from the network" with a stale page while offline, without the saved-copy note.
		// Redirects stay manual, as a navigation's must.
		{
			requestWillFetch: async ({ request }) =>
				new Request(request.url, {
					headers: request.headers,
					credentials: 'same-origin',
					cache: 'no-cache',
					redirect: 'manual',
				}),
		},
		new CacheableResponsePlugin({ statuses: [200] }),
		// Public pages only: never a signed-in visitor's (`private, no-store`).
		{
			cacheWillUpdate: async ({ response }) =>
				mayKeepResponse(response.status, response.headers.get('Cache-Control')) ? response : null,
		},
		new ExpirationPlugin({ maxEntries: PAGES_MAX_ENTRIES, maxAgeSeconds: PAGES_MAX_AGE_S }),
		// Only called when the copy is served instead of the network: it says how old it is.
		{ cachedResponseWillBeUsed: async ({ cachedResponse }) => markSavedCopy(cachedResponse) },
	],
});

registerRoute(
	({ request, url }) =>
		request.mode === 'navigate' &&
		url.origin === self.location.origin &&
		!isUncachedPath(url.pathname),
	pages,
);

/** Anything else that fails offline: the offline page in the visitor's language. */
setCatchHandler(async ({ request, url }) => {
	if (request.mode !== 'navigate') return Response.error();
	const first = url.pathname.split('/')[1] ?? '';
	const locale = (LOCALES as readonly string[]).includes(first) ? first : 'en';
	return (await matchPrecache(`/${locale}/offline`)) ?? Response.error();
});

/** A Web Push message (src/server/push/payload.ts): always shown, never silent. */
interface AlertPayload {
	title: string;
	body: string;
	url: string;
	tag: string;
	stopLabel: string;
	kind: string;
}

self.addEventListener('push', (event: ExtendableEvent & { data?: { json(): unknown } }) => {
	let alert: AlertPayload;
	try {
		alert = event.data?.json() as AlertPayload;
	} catch {
		return;
	}
	if (!alert?.title) return;
	event.waitUntil(
		self.registration.showNotification(alert.title, {
			body: alert.body,
			tag: alert.tag,
			renotify: true,
			icon: '/icons/icon-192.png',
			badge: '/icons/icon-192.png',
			data: { url: alert.url, kind: alert.kind },
			actions: [{ action: 'stop', title: alert.stopLabel }],
		}),
	);
});

self.addEventListener(
	'notificationclick',
	(
		event: ExtendableEvent & {
			action: string;
			notification: { close(): void; data?: { url?: string; kind?: string } };
		},
	) => {
		event.notification.close();
		const data = event.notification.data ?? {};
		if (event.action === 'stop' && data.kind) {
			// One click stops this kind of alert: the subscription's own keys prove ownership.
			event.waitUntil(stop(data.kind));
			return;
		}
		const target = new URL(data.url ?? '/', self.location.origin).href;
		event.waitUntil(
			self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((open) => {
				const tab = open.find((c) => c.url.startsWith(self.location.origin));
				return tab ? tab.navigate(target).then(() => tab.focus()) : self.clients.openWindow(target);
			}),
		);
	},
);

async function stop(kind: string): Promise<void> {
	const subscription = await self.registration.pushManager.getSubscription();
	if (!subscription) return;
	const { endpoint, keys } = subscription.toJSON() as { endpoint: string; keys: { auth: string } };
	await fetch('/api/push/stop', {
		method: 'POST',
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ endpoint, auth: keys.auth, kind }),
	});
}
