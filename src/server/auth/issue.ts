import type { UserRow } from '../db/schema/auth';
import { createSession, type SessionKind } from './sessions';
import { signAccessToken } from './tokens';
import { toPublicUser, type PublicUser } from './users';

/** What a successful login or refresh hands out. */
export interface TokenSet {
	access_token: string;
	refresh_token: string;
	/** Access-token expiry (ms since epoch): the client refreshes 500 ms before it. */
	expires_at: number;
	/** Absolute end of the refresh family (ms since epoch). */
	refresh_expires_at: number;
}

export interface Grant {
	user: PublicUser;
	token: TokenSet;
	sessionId: string;
	kind: SessionKind;
}

/** Signs an access token for an existing session and packs the grant. */
export async function grantFor(
	user: UserRow,
	sessionId: string,
	kind: SessionKind,
	refreshToken: string,
	refreshExpiresAt: number,
): Promise<Grant> {
	const access = await signAccessToken({ sub: user.id, sid: sessionId, ver: user.tokenVersion });
	return {
		user: await toPublicUser(user),
		sessionId,
		kind,
		token: {
			access_token: access.token,
			refresh_token: refreshToken,
			expires_at: access.expiresAt,
			refresh_expires_at: refreshExpiresAt,
		},
	};
}

/** Opens a new session for `user` and grants its first tokens. */
export async function openSession(
	user: UserRow,
	kind: SessionKind,
	meta: { userAgent?: string; ip?: string },
): Promise<Grant> {
	const session = await createSession(user.id, kind, meta);
	return grantFor(user, session.sessionId, kind, session.refreshToken, session.expiresAt);
}
