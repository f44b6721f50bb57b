import type { UserRow } from '../db/schema/auth';
import { checkSession, type SessionKind } from './sessions';
import { verifyAccessToken } from './tokens';
import { toPublicUser, type PublicUser } from './users';

export interface Authenticated {
	user: PublicUser;
	row: UserRow;
	session: { id: string; kind: SessionKind };
}

/**
 * Who holds this access token: a valid signature and claims, AND a live session row whose
 * token version matches. Null for anything else (fails closed).
 */
export async function authenticateAccessToken(
	token: string | undefined | null,
): Promise<Authenticated | null> {
	if (!token) return null;
	const claims = await verifyAccessToken(token);
	if (!claims) return null;
	const checked = await checkSession(claims.sid, claims.sub, claims.ver);
	if (!checked) return null;
	return {
		user: await toPublicUser(checked.user),
		row: checked.user,
		session: { id: claims.sid, kind: checked.kind },
	};
}

/** The Bearer token of an Authorization header, if well-formed. Query strings are never read. */
export function bearerToken(header: string | null): string | null {
	if (!header) return null;
	const match = /^Bearer\s+([A-Za-z0-9_\-.=]{10,4096})\s*$/i.exec(header);
	return match?.[1] ?? null;
}
