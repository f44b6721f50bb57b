import { atom } from 'nanostores';
import type { AlertKind } from '../lib/push';
import { $spoiler } from './spoiler';

/**
 * This browser's alert choices (mirrors what the server holds for its subscription): kept
 * in localStorage, because a subscription belongs to the browser, signed in or not, and the
 * server replaces the whole list on every save.
 */
export interface PushTarget {
	kind: 'team' | 'match';
	id: number;
	kinds: AlertKind[];
}
export interface PushState {
	targets: PushTarget[];
	quiet: { from: string; to: string } | null;
}

const KEY = 'matchday.push';

function load(): PushState {
	try {
		const raw = JSON.parse(localStorage.getItem(KEY) ?? 'null') as PushState | null;
		if (raw && Array.isArray(raw.targets))
			return { targets: raw.targets, quiet: raw.quiet ?? null };
	} catch {
		// Nothing stored, or unreadable: start empty.
	}
	return { targets: [], quiet: null };
}

export const $push = atom<PushState>(
	typeof localStorage === 'undefined' ? { targets: [], quiet: null } : load(),
);

export type PushProblem = 'unsupported' | 'denied' | 'failed' | 'busy';

export function pushSupported(): boolean {
	return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

/** True on iPhone and iPad outside an installed app, where Safari offers no push. */
export function needsHomeScreen(): boolean {
	return (
		/iPhone|iPad|iPod/.test(navigator.userAgent) &&
		!window.matchMedia('(display-mode: standalone)').matches
	);
}

/**
 * Saves the choices: asks for permission (only ever from a click), subscribes with the
 * site's VAPID key and sends the whole list to the server. An empty list unsubscribes.
 */
export async function savePush(next: PushState): Promise<PushProblem | null> {
	if (!pushSupported()) return 'unsupported';
	const wanted = next.targets.filter((t) => t.kinds.length > 0);
	try {
		const registration = await navigator.serviceWorker.ready;
		let subscription = await registration.pushManager.getSubscription();
		if (wanted.length === 0) {
			if (subscription) {
				const { endpoint, keys } = subscription.toJSON() as {
					endpoint: string;
					keys: { auth: string };
				};
				await fetch('/api/push/subscriptions', {
					method: 'DELETE',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify({ endpoint, auth: keys.auth }),
				});
				await subscription.unsubscribe();
			}
			persist({ ...next, targets: [] });
			return null;
		}
		if ((await Notification.requestPermission()) !== 'granted') return 'denied';
		if (!subscription) {
			const key = (await (await fetch('/api/push/vapid-public-key')).json()) as { key: string };
			subscription = await registration.pushManager.subscribe({
				userVisibleOnly: true,
				applicationServerKey: base64urlToBytes(key.key),
			});
		}
		const response = await fetch('/api/push/subscriptions', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({
				subscription: subscription.toJSON(),
				locale: document.documentElement.dataset.locale ?? location.pathname.split('/')[1],
				timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
				spoilerSafe: $spoiler.get().mode !== 'off',
				quiet: next.quiet,
				targets: wanted,
			}),
		});
		if (response.status === 429) return 'busy';
		if (!response.ok) return 'failed';
		persist({ ...next, targets: wanted });
		return null;
	} catch {
		return 'failed';
	}
}

function persist(state: PushState): void {
	$push.set(state);
	try {
		localStorage.setItem(KEY, JSON.stringify(state));
	} catch {
		// Private mode: the server still has it.
	}
}

function base64urlToBytes(text: string): Uint8Array<ArrayBuffer> {
	const padded = text
		.replace(/-/g, '+')
		.replace(/_/g, '/')
		.padEnd(Math.ceil(text.length / 4) * 4, '=');
	const binary = atob(padded);
	const bytes = new Uint8Array(new ArrayBuffer(binary.length));
	for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
	return bytes;
}
