import { authenticateAccessToken, bearerToken, type Authenticated } from './authenticate';
import { cookieNames, readCookie as cookie, tokenCookies } from './cookies';
import { refresh } from './refresh';
import type { SessionKind } from './sessions';

export interface RequestAuth {
	/** The site user (Bearer header, else the `local` cookies). */
	web: Authenticated | null;
	/** The CMS user (the `cms` cookies), only looked up under /cms and /api/admin. */
	cms: Authenticated | null;
	/** Cookies to send back when a page load renewed an expired access token. */
	setCookies: string[];
}

export interface RequestAuthInput {
	authorization: string | null;
	cookieHeader: string | null;
	/** Page navigations (GET, not /api) may renew an expired access token from the refresh cookie. */
	mayRefresh: boolean;
	wantsCms: boolean;
}

async function fromCookies(
	kind: SessionKind,
	input: RequestAuthInput,
	setCookies: string[],
): Promise<Authenticated | null> {
	const names = cookieNames(kind);
	const found = await authenticateAccessToken(cookie(input.cookieHeader, names.access));
	if (found || !input.mayRefresh) return found?.session.kind === kind ? found : null;
	const refreshToken = cookie(input.cookieHeader, names.refresh);
	if (!refreshToken) return null;
	const grant = await refresh(refreshToken);
	if (!grant || grant.kind !== kind) return null;
	setCookies.push(...tokenCookies(kind, grant.token));
	return authenticateAccessToken(grant.token.access_token);
}

/**
 * Works out who sent a request. A Bearer header wins over cookies; `?access_token=` and
 * similar query parameters are never read (checklist B6).
 */
export async function resolveRequestAuth(input: RequestAuthInput): Promise<RequestAuth> {
	const setCookies: string[] = [];
	const bearer = bearerToken(input.authorization);
	let web: Authenticated | null;
	if (bearer) {
		web = await authenticateAccessToken(bearer);
	} else {
		web = await fromCookies('web', input, setCookies);
	}
	const cms = input.wantsCms ? await fromCookies('cms', input, setCookies) : null;
	return { web, cms, setCookies };
}
