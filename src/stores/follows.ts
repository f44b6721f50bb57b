import { atom } from 'nanostores';
import { numericCookie, REFRESH_EXPIRY_COOKIE } from '../lib/auth-expiry';
import {
	GUEST_FOLLOWS_KEY,
	type Follow,
	type FollowView,
	moveFollow,
	parseStoredFollows,
	sameFollow,
	toggleFollow,
} from '../lib/follows';

/**
 * What the visitor follows, shared by every island of the page. Guests keep the list in
 * localStorage; members in the database through /api/me/follows. A guest's list is handed
 * to the account on the first page after login or registration and then forgotten here,
 * so nothing followed before signing in is lost.
 */
export const GUEST_KEY = GUEST_FOLLOWS_KEY;

export interface FollowsState {
	list: Follow[];
	/** Names and addresses, when the server gave them (members). */
	views: FollowView[];
	member: boolean;
	ready: boolean;
}

export const $follows = atom<FollowsState>({ list: [], views: [], member: false, ready: false });

/** What the store talks to; tests replace it. */
export interface FollowsEnv {
	fetch: (path: string, init?: RequestInit) => Promise<Response>;
	storage: () => Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
	signedIn: () => boolean;
}

const browserEnv = (): FollowsEnv => ({
	// Only members' follows go to the server, so the session store (token renewal) is
	// fetched then: a guest's page never loads it.
	fetch: async (path, init) => (await import('./auth')).authFetch(path, init),
	storage: () => (typeof localStorage === 'undefined' ? null : localStorage),
	signedIn: () =>
		typeof document !== 'undefined' &&
		(numericCookie(document.cookie, REFRESH_EXPIRY_COOKIE) ?? 0) > Date.now(),
});

let env: FollowsEnv = browserEnv();
let loading: Promise<void> | undefined;

export function configureFollows(overrides: Partial<FollowsEnv>): void {
	env = { ...browserEnv(), ...overrides };
	loading = undefined;
	$follows.set({ list: [], views: [], member: false, ready: false });
}

function readGuest(): Follow[] {
	try {
		return parseStoredFollows(env.storage()?.getItem(GUEST_KEY) ?? null);
	} catch {
		return [];
	}
}

function writeGuest(list: Follow[]): void {
	try {
		const storage = env.storage();
		if (list.length === 0) storage?.removeItem(GUEST_KEY);
		else storage?.setItem(GUEST_KEY, JSON.stringify(list));
	} catch {
		// Private mode or full storage: the list lives for this page only.
	}
}

const JSON_HEADERS = { 'Content-Type': 'application/json' };

async function applyServer(response: Response): Promise<boolean> {
	if (!response.ok) return false;
	const body = (await response.json()) as { data?: { follows?: FollowView[] } };
	const views = body.data?.follows ?? [];
	$follows.set({
		list: views.map((v) => ({ kind: v.kind, id: v.id })),
		views,
		member: true,
		ready: true,
	});
	return true;
}

function guestMode(): void {
	$follows.set({ list: readGuest(), views: [], member: false, ready: true });
}

/** Loads once per page: the member's list (merging any guest list into it) or the guest's. */
export function loadFollows(): Promise<void> {
	loading ??= (async () => {
		if (!env.signedIn()) return guestMode();
		try {
			const guest = readGuest();
			const response =
				guest.length > 0
					? await env.fetch('/api/me/follows', {
							method: 'POST',
							headers: JSON_HEADERS,
							body: JSON.stringify({ follows: guest }),
						})
					: await env.fetch('/api/me/follows');
			if (await applyServer(response)) {
				// Only once the account holds them: a failed merge keeps the guest list.
				if (guest.length > 0) writeGuest([]);
				return;
			}
		} catch {
			// Session gone or network down: the visitor is treated as a guest on this page.
		}
		guestMode();
	})();
	return loading;
}

export function isFollowed(state: FollowsState, follow: Follow): boolean {
	return state.list.some((f) => sameFollow(f, follow));
}

/** Follows or unfollows one item. Resolves false when the server refused the change. */
export async function toggle(follow: Follow): Promise<boolean> {
	await loadFollows();
	const state = $follows.get();
	const next = toggleFollow(state.list, follow);
	if (!state.member) {
		writeGuest(next);
		$follows.set({ ...state, list: next });
		return true;
	}
	const following = isFollowed(state, follow);
	$follows.set({ ...state, list: next });
	try {
		const response = following
			? await env.fetch(`/api/me/follows?kind=${follow.kind}&id=${follow.id}`, {
					method: 'DELETE',
				})
			: await env.fetch('/api/me/follows', {
					method: 'POST',
					headers: JSON_HEADERS,
					body: JSON.stringify({ follows: [follow] }),
				});
		if (following && response.ok) {
			$follows.set({
				...$follows.get(),
				views: $follows.get().views.filter((v) => !sameFollow(v, follow)),
			});
			return true;
		}
		if (!following && (await applyServer(response))) return true;
	} catch {
		// Falls through to the rollback.
	}
	$follows.set(state);
	return false;
}

/** Saves a new order or a removal from the account page. */
export async function saveList(list: Follow[]): Promise<boolean> {
	const state = $follows.get();
	if (!state.member) {
		writeGuest(list);
		$follows.set({ ...state, list });
		return true;
	}
	const byKey = new Map(state.views.map((v) => [`${v.kind}:${v.id}`, v]));
	$follows.set({
		...state,
		list,
		views: list.flatMap((f) => byKey.get(`${f.kind}:${f.id}`) ?? []),
	});
	try {
		const response = await env.fetch('/api/me/follows', {
			method: 'PUT',
			headers: JSON_HEADERS,
			body: JSON.stringify({ follows: list }),
		});
		if (await applyServer(response)) return true;
	} catch {
		// Falls through to the rollback.
	}
	$follows.set(state);
	return false;
}

export function move(follow: Follow, by: -1 | 1): Promise<boolean> {
	return saveList(moveFollow($follows.get().list, follow, by));
}

export function remove(follow: Follow): Promise<boolean> {
	return saveList($follows.get().list.filter((f) => !sameFollow(f, follow)));
}
