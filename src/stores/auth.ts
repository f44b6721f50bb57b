import { map, onMount } from 'nanostores';
import { numericCookie, REFRESH_EXPIRY_COOKIE, tokenStatus } from '../lib/auth-expiry';
import { forgetOfflinePages } from '../lib/pwa-client';
import { safeRedirect } from '../lib/safe-redirect';

/** The user as the API returns it (`data` of login and /api/me). */
export interface AuthUser {
	id: string;
	email: string;
	name: string;
	scope: string[];
	plan: string;
}

export interface AuthState {
	user: AuthUser | null;
	loggedIn: boolean;
}

/** The spec's message, word for word. */
export const EXPIRED_MESSAGE =
	'Both token and refresh token have expired. Your request was aborted.';

/** Both tokens expired: the session was reset and the request never left. Not logged. */
export class ExpiredAuthSessionError extends Error {
	constructor() {
		super(EXPIRED_MESSAGE);
		this.name = 'ExpiredAuthSessionError';
	}
}

/** Other auth failures (refresh refused, user field missing); these are logged. */
export class AuthError extends Error {
	constructor(
		message: string,
		readonly status = 0,
	) {
		super(message);
		this.name = 'AuthError';
	}
}

/** What the store talks to; tests replace it (fake clock, fake network, fake navigation). */
export interface AuthEnv {
	fetch: typeof fetch;
	now: () => number;
	cookies: () => string;
	navigate: (path: string) => void;
	/** Where a login lands when nothing was remembered, and where a logout lands. */
	home: string;
	logoutTarget: string;
}

const browserEnv = (): AuthEnv => ({
	fetch: (...args) => globalThis.fetch(...args),
	now: () => Date.now(),
	cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
	navigate: (path) => window.location.assign(path),
	home: '/',
	logoutTarget: '/en',
});

let env: AuthEnv = browserEnv();
/** Expiry times we learnt from a login/refresh answer, before cookies are visible. */
let known: { access: number | null; refresh: number | null } = { access: null, refresh: null };
/** The `loggedIn` value the page already reflects; only a change from it navigates. */
let settled = false;

/** Replaces parts of the environment (islands set `home`; tests set everything). */
export function configureAuth(overrides: Partial<AuthEnv>): void {
	env = { ...env, ...overrides };
}

/** Back to a browser environment and an empty session (tests). */
export function resetAuthForTests(): void {
	env = browserEnv();
	known = { access: null, refresh: null };
	settled = false;
	$auth.set({ user: null, loggedIn: false });
}

/** `user` and `loggedIn`, shared by every island. */
export const $auth = map<AuthState>({ user: null, loggedIn: false });

const ACCESS_EXPIRY = 'auth._token_expiration.local';

function expiries(): { access: number | null; refresh: number | null } {
	const jar = env.cookies();
	return {
		access: numericCookie(jar, ACCESS_EXPIRY) ?? known.access,
		refresh: numericCookie(jar, REFRESH_EXPIRY_COOKIE) ?? known.refresh,
	};
}

/** True when the access token is (about to be) expired on this page's clock. */
export function needsRenewal(): boolean {
	return tokenStatus(expiries().access, env.now()) === 'expired';
}

function report(error: unknown): void {
	if (!(error instanceof ExpiredAuthSessionError)) console.error('[auth]', error);
}

/** Takes the user that the server rendered into the page (islands call it with a prop). */
export function hydrateAuth(user: AuthUser | null): void {
	// What the server rendered is the starting point, not a change: no redirect for it.
	settled = user !== null;
	if ($auth.get().user?.id === user?.id && $auth.get().loggedIn === settled) return;
	$auth.set({ user, loggedIn: settled });
}

/** Forgets the session on this page (the server side is the logout call's job). */
export function resetSession(): void {
	known = { access: null, refresh: null };
	$auth.set({ user: null, loggedIn: false });
}

function userFrom(body: unknown): AuthUser {
	const data = (body as { data?: unknown } | null)?.data;
	if (!data || typeof data !== 'object')
		throw new AuthError('User data response does not contain field data');
	return data as AuthUser;
}

function remember(
	user: AuthUser & { token?: { expires_at?: unknown; refresh_expires_at?: unknown } },
): void {
	const { token } = user;
	if (typeof token?.expires_at === 'number') known.access = token.expires_at;
	if (typeof token?.refresh_expires_at === 'number') known.refresh = token.refresh_expires_at;
	const { token: _omit, ...plain } = user;
	$auth.set({ user: plain as AuthUser, loggedIn: true });
}

async function post(path: string, body?: unknown): Promise<Response> {
	return env.fetch(path, {
		method: 'POST',
		credentials: 'same-origin',
		headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
		body: JSON.stringify(body ?? {}),
	});
}

/** Logs in with a password; rejects with an AuthError carrying the HTTP status. */
export async function login(email: string, password: string): Promise<AuthUser> {
	const response = await post('/api/auth/login', { email, password });
	const body: unknown = await response.json().catch(() => null);
	if (!response.ok) {
		const code = (body as { error?: string } | null)?.error ?? 'unknown';
		throw new AuthError(code, response.status);
	}
	const user = userFrom(body);
	remember(user);
	return $auth.get().user as AuthUser;
}

let refreshing: Promise<void> | undefined;

/** One refresh at a time per page: concurrent callers share it. */
function refreshOnce(): Promise<void> {
	refreshing ??= (async () => {
		try {
			const response = await post('/api/auth/refresh-token');
			if (!response.ok) throw new AuthError('Refresh failed', response.status);
			remember(userFrom(await response.json()));
		} finally {
			refreshing = undefined;
		}
	})();
	return refreshing;
}

/**
 * fetch() for authenticated calls. Before sending: both tokens expired → reset and abort with
 * ExpiredAuthSessionError; only the access token expired → refresh once (reset if that
 * fails). After a 401 the refresh is tried once and the request retried once.
 */
export async function authFetch(input: string, init: RequestInit = {}): Promise<Response> {
	const send = () =>
		env.fetch(input, {
			credentials: 'same-origin',
			...init,
			headers: {
				Accept: 'application/json',
				...(init.headers as Record<string, string> | undefined),
			},
		});
	try {
		const now = env.now();
		const { access, refresh } = expiries();
		const accessStatus = tokenStatus(access, now);
		const refreshStatus = tokenStatus(refresh, now);
		if (accessStatus === 'expired' && refreshStatus === 'expired') {
			resetSession();
			throw new ExpiredAuthSessionError();
		}
		let refreshed = false;
		if (accessStatus === 'expired') {
			await refreshOnce().catch((error: unknown) => {
				resetSession();
				throw error;
			});
			refreshed = true;
		}
		const response = await send();
		if (response.status !== 401 || refreshed || !$auth.get().loggedIn) return response;
		await refreshOnce().catch((error: unknown) => {
			resetSession();
			throw error;
		});
		return await send();
	} catch (error) {
		report(error);
		throw error;
	}
}

/** Loads the user from /api/me; a response without `data` is an error. */
export async function fetchUser(): Promise<AuthUser> {
	const response = await authFetch('/api/me');
	if (!response.ok) throw new AuthError('Could not load the user', response.status);
	const user = userFrom(await response.json());
	$auth.set({ user, loggedIn: true });
	return user;
}

/**
 * Logs out. The session on this page is reset even when the call fails (the spec), but
 * only a logout the server confirmed moves the page to the logout target: after a failed
 * call the visitor stays where they are and is told (the server-side session may live on).
 * Resolves true when the server ended the session.
 */
export async function logout(path = '/api/auth/logout'): Promise<boolean> {
	let ended = false;
	try {
		ended = (await post(path)).ok;
	} catch (error) {
		report(error);
	}
	// Not a change the page should follow: the watcher below sees nothing to navigate for.
	if (!ended) settled = false;
	// Whatever the worker kept of this visit goes with the session (it keeps public pages
	// only, but a followed team's page saved while signed in belongs to this visitor).
	await forgetOfflinePages();
	resetSession();
	return ended;
}

/** Where to go after a login: the page's same-site `redirect` parameter, else home. */
function afterLogin(): string {
	const search = typeof location === 'undefined' ? '' : location.search;
	const remembered = new URLSearchParams(search).get('redirect');
	return safeRedirect(remembered ?? undefined, env.home);
}

// While any island listens, a change of `loggedIn` moves the page: home (or the remembered
// path) on login, the logout target on logout.
onMount($auth, () => {
	settled = $auth.get().loggedIn;
	return $auth.subscribe((state) => {
		if (state.loggedIn === settled) return;
		settled = state.loggedIn;
		env.navigate(state.loggedIn ? afterLogin() : env.logoutTarget);
	});
});
