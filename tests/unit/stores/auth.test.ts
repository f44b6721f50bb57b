import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
	$auth,
	authFetch,
	configureAuth,
	EXPIRED_MESSAGE,
	ExpiredAuthSessionError,
	hydrateAuth,
	login,
	logout,
	fetchUser,
	resetAuthForTests,
} from '~/stores/auth';

const USER = { id: 'u1', email: 'fan@example.com', name: 'Fan', scope: ['user'], plan: 'free' };

/** A fake network: answers by path, records every call. */
function fakeNetwork(
	routes: Record<string, (init: RequestInit | undefined) => Response | Promise<Response>>,
) {
	const calls: string[] = [];
	const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
		const path = String(input);
		calls.push(`${init?.method ?? 'GET'} ${path}`);
		const route = routes[path];
		if (!route) throw new TypeError('Failed to fetch');
		return route(init);
	}) as typeof fetch;
	return { fetchImpl, calls };
}
const json = (status: number, body: unknown) =>
	new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

describe('$auth store', () => {
	let now = 1_000_000;
	let jar = '';
	const navigate = vi.fn();
	let errors: ReturnType<typeof vi.spyOn>;

	function cookies(access: number, refresh: number) {
		jar = `i18n_redirected=en; auth._token_expiration.local=${access}; auth._refresh_token_expiration.local=${refresh}`;
	}
	function setup(routes: Parameters<typeof fakeNetwork>[0]) {
		const net = fakeNetwork(routes);
		configureAuth({
			fetch: net.fetchImpl,
			now: () => now,
			cookies: () => jar,
			navigate,
			home: '/en',
			logoutTarget: '/en',
		});
		return net;
	}

	beforeEach(() => {
		resetAuthForTests();
		now = 1_000_000;
		jar = '';
		navigate.mockReset();
		errors = vi.spyOn(console, 'error').mockImplementation(() => {});
	});
	afterEach(() => errors.mockRestore());

	it('login fills user and loggedIn from data, without keeping the tokens', async () => {
		setup({
			'/api/auth/login': () =>
				json(200, {
					data: {
						...USER,
						token: {
							access_token: 'a',
							refresh_token: 'r',
							expires_at: now + 86_400_000,
							refresh_expires_at: now + 1e9,
						},
					},
				}),
		});
		await login('fan@example.com', 'pw');
		expect($auth.get()).toEqual({ user: USER, loggedIn: true });
	});

	it('a user-data response without the user field raises', async () => {
		setup({
			'/api/auth/login': () => json(200, { token: {} }),
			'/api/me': () => json(200, { user: USER }),
		});
		await expect(login('a@b.c', 'pw')).rejects.toThrow(/data/);
		expect($auth.get().loggedIn).toBe(false);
		await expect(fetchUser()).rejects.toThrow(/data/);
	});

	it('treats the access token as expired 500 ms early and refreshes once before the call', async () => {
		hydrateAuth(USER);
		cookies(now + 400, now + 1e9);
		const net = setup({
			'/api/auth/refresh-token': () => {
				cookies(now + 86_400_000, now + 1e9);
				return json(200, { data: { ...USER, token: { expires_at: now + 86_400_000 } } });
			},
			'/api/me': () => json(200, { data: USER }),
		});
		const response = await authFetch('/api/me');
		expect(response.status).toBe(200);
		expect(net.calls).toEqual(['POST /api/auth/refresh-token', 'GET /api/me']);
	});

	it('does not refresh a token with more than 500 ms left', async () => {
		hydrateAuth(USER);
		cookies(now + 501, now + 1e9);
		const net = setup({ '/api/me': () => json(200, { data: USER }) });
		await authFetch('/api/me');
		expect(net.calls).toEqual(['GET /api/me']);
	});

	it('a failed refresh resets the session and is logged', async () => {
		hydrateAuth(USER);
		cookies(now - 1, now + 1e9);
		const net = setup({
			'/api/auth/refresh-token': () => json(401, { error: 'unauthorized' }),
			'/api/me': () => json(200, { data: USER }),
		});
		await expect(authFetch('/api/me')).rejects.toThrow('Refresh failed');
		expect($auth.get()).toEqual({ user: null, loggedIn: false });
		expect(net.calls).toEqual(['POST /api/auth/refresh-token']);
		expect(errors).toHaveBeenCalled();
	});

	it('both expired: resets, aborts with ExpiredAuthSessionError (exact message), not logged', async () => {
		hydrateAuth(USER);
		cookies(now - 10, now - 10);
		const net = setup({ '/api/me': () => json(200, { data: USER }) });
		const failure = await authFetch('/api/me').catch((e: unknown) => e);
		expect(failure).toBeInstanceOf(ExpiredAuthSessionError);
		expect((failure as Error).message).toBe(EXPIRED_MESSAGE);
		expect(EXPIRED_MESSAGE).toBe(
			'Both token and refresh token have expired. Your request was aborted.',
		);
		expect(net.calls).toEqual([]);
		expect($auth.get()).toEqual({ user: null, loggedIn: false });
		expect(errors).not.toHaveBeenCalled();
	});

	it('a 401 with a live-looking token refreshes once and retries once', async () => {
		hydrateAuth(USER);
		cookies(now + 60_000, now + 1e9);
		let meCalls = 0;
		const net = setup({
			'/api/auth/refresh-token': () =>
				json(200, { data: { ...USER, token: { expires_at: now + 86_400_000 } } }),
			'/api/me': () =>
				++meCalls === 1 ? json(401, { error: 'unauthorized' }) : json(200, { data: USER }),
		});
		expect((await authFetch('/api/me')).status).toBe(200);
		expect(net.calls).toEqual(['GET /api/me', 'POST /api/auth/refresh-token', 'GET /api/me']);
	});

	it('logout resets the session even when the call fails', async () => {
		hydrateAuth(USER);
		setup({}); // every call fails with a network error
		await logout();
		expect($auth.get()).toEqual({ user: null, loggedIn: false });
	});

	it('finding 4: a failed logout forgets the session on the page but stays, and says it failed', async () => {
		const unbind = $auth.listen(() => {});
		hydrateAuth(USER);
		setup({}); // every call fails with a network error
		expect(await logout()).toBe(false);
		expect($auth.get()).toEqual({ user: null, loggedIn: false });
		hydrateAuth(USER);
		setup({ '/api/auth/logout': () => json(503, { error: 'unavailable' }) });
		expect(await logout()).toBe(false);
		expect(navigate).not.toHaveBeenCalled();
		unbind();
	});

	it('a change of loggedIn navigates: home on login, the logout target on logout; hydration does not', async () => {
		const unbind = $auth.listen(() => {});
		hydrateAuth(USER);
		expect(navigate).not.toHaveBeenCalled();
		setup({
			'/api/auth/logout': () => json(200, { data: null }),
			'/api/auth/login': () => json(200, { data: { ...USER, token: {} } }),
		});
		expect(await logout()).toBe(true);
		expect(navigate).toHaveBeenLastCalledWith('/en');
		await login('fan@example.com', 'pw');
		expect(navigate).toHaveBeenLastCalledWith('/en');
		expect(navigate).toHaveBeenCalledTimes(2);
		unbind();
	});
});
